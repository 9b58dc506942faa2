// `npm test`: every vitest project, then the browser journeys when Chromium is installed.
// Ends with one plain line "tests: N passed, N failed, N skipped" summing both.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "crm-test-"));
const vitestJson = path.join(dir, "vitest.json");
// Each integration worker notes every API answer it checked against the OpenAPI document here.
const conformanceDir = path.join(dir, "conformance");
mkdirSync(conformanceDir);
const vitest = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CRM_CONFORMANCE_DIR: conformanceDir },
});
reportConformance(conformanceDir);
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}
let failed = vitest.status !== 0;

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log(`\nSKIPPED the browser journeys (e2e/): no Chromium at ${chromium}. Install it with: apt-get install -y chromium fonts-liberation`);
} else if (existsSync("scripts/e2e.mjs")) {
  const e2eJson = path.join(dir, "e2e.json");
  const e2e = spawnSync("node", ["scripts/e2e.mjs"], { stdio: "inherit", env: { ...process.env, E2E_JSON: e2eJson } });
  failed ||= e2e.status !== 0;
  if (existsSync(e2eJson)) {
    const { stats } = JSON.parse(readFileSync(e2eJson, "utf8"));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else if (e2e.status !== 0) totals.failed += 1;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);

/** One line on the API's conformance: operations documented and exercised, answers checked, violations. */
function reportConformance(folder) {
  const lines = readdirSync(folder).flatMap((file) => readFileSync(path.join(folder, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)));
  if (lines.length === 0) return;
  const exercised = new Set(lines.map((l) => l.operation).filter(Boolean));
  const violations = lines.filter((l) => !l.planted).reduce((sum, l) => sum + l.violations.length, 0);
  const planted = lines.filter((l) => l.planted).length;
  const documented = lines.find((l) => l.of)?.of;
  console.log(
    `\nAPI conformance: ${documented} operations in the OpenAPI document, ${exercised.size} exercised by the suites, ${lines.length} answers validated, ${violations} violations (and ${planted} planted by the probes, caught)`,
  );
}
