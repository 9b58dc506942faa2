// Browser journeys against the real server (tsx server/src/main.ts) on a fresh embedded database.
// `npm run test:e2e` (scripts/e2e.mjs) builds the UI, picks a free port in 4300-4399 and a new
// DATA_DIR, then runs this; running `npx playwright test` directly works too (defaults below).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Set once in the runner process; workers inherit the environment, so all agree on one database.
process.env.E2E_PORT ??= "4399";
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "crm-e2e-"));
const port = Number(process.env.E2E_PORT);
// The server takes inbound mail over SMTP on loopback (docs/product.md, "Replies"), a port beside its own.
process.env.E2E_INBOUND_SMTP_PORT ??= String(port + 1000);
process.env.E2E_INBOUND_ADDRESS ??= "replies@inbound.e2e.test";
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  // One folder per port: two runs at once (parallel sessions) must not delete each other's traces.
  outputDir: `test-results/e2e-${port}`,
  // Two cores shared by everyone, and the journeys share one server whose first account is the Partner.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A whole journey (several screens, each checked by axe and captured in two themes) took 66 s on a
  // host that gave 50-75% of this machine's CPU to other guests: 60 s failed it for the host, not the app.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /accounts\.setup\.ts/ },
    { name: "journeys", testMatch: /.*\.spec\.ts/, dependencies: ["setup"] },
  ],
  webServer: {
    command: "npx tsx server/src/main.ts",
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      INBOUND_ADDRESS: process.env.E2E_INBOUND_ADDRESS,
      INBOUND_SMTP_PORT: process.env.E2E_INBOUND_SMTP_PORT,
      INBOUND_SMTP_HOST: "127.0.0.1",
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
