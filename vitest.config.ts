import { defineConfig } from "vitest/config";

/** What every integration project shares: databases and servers take their time. */
const integration = {
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // expect.poll waits as long as vi.waitFor with EVENTUALLY (infra/testing/eventually.ts).
  expect: { poll: { timeout: 30_000 } },
  pool: "forks",
  // Every answer from our API is checked against its OpenAPI document (server/testing/conformance-setup.ts).
  setupFiles: "server/testing/conformance-setup.ts",
} as const;

/** Every fast path off (decisions/043): the plain way of each, which must answer the same, only slower. */
const PLAIN = { FAST_STREAM_STATES: "off", FAST_GROUP_BATCHING: "off", FAST_PIPELINED_PROJECTOR: "off", FAST_EXPRESS_PROTOTYPES: "off" };

export default defineConfig({
  test: {
    // Two files at a time. On two cores vitest's default is one (cores - 1), but an integration file spends
    // much of its time waiting on Postgres, child processes and sockets, and the run took over 40 minutes.
    // Each file has its own databases, data folders and ports, so two never share state.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["{contracts,infra,command-service,projector,read-api,server}/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        test: { name: "int", include: ["{contracts,infra,command-service,projector,read-api,server}/**/*.int.test.ts"], ...integration },
      },
      {
        // The command and projector suites again with every fast path off: they change nothing but speed.
        // server/test/fast-paths.int.test.ts checks that this run has them off, and "int" that it has them on.
        test: {
          name: "int-plain",
          include: ["{command-service,projector}/test/**/*.{unit,int}.test.ts", "server/test/fast-paths.int.test.ts"],
          env: PLAIN,
          ...integration,
        },
      },
      "ui/vitest.config.ts",
    ],
  },
});
