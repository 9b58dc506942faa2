// `npm run test:e2e`: build the UI, then run the Playwright journeys against a fresh server
// (free port in 4300-4399, new DATA_DIR removed afterwards). Extra arguments go to Playwright.
// With E2E_JSON set (by scripts/test.mjs), Playwright also writes its JSON report there.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: apt-get install -y chromium fonts-liberation (never npx playwright install).`);
  process.exit(1);
}

/** The first port in the range nobody listens on. */
async function freePort(from, to) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), "crm-e2e-"));
const port = await freePort(4300, 4399);
console.log(`e2e: server on port ${port}, DATA_DIR ${dataDir}`);
const run = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
