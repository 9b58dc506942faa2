import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{contracts,infra,command-service,projector,read-api,server}/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "int",
          include: ["{contracts,infra,command-service,projector,read-api,server}/**/*.int.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll waits as long as vi.waitFor with EVENTUALLY (infra/testing/eventually.ts).
          expect: { poll: { timeout: 30_000 } },
          pool: "forks",
        },
      },
      "ui/vitest.config.ts",
    ],
  },
});
