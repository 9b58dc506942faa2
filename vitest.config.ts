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
          pool: "forks",
        },
      },
      "ui/vitest.config.ts",
    ],
  },
});
