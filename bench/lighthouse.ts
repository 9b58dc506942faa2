// Lighthouse on Debian's Chromium (issue 34 item 2): the mobile preset with the throttling it
// defaults to (simulated: slow 4G, 4x CPU), three runs per page, on a data set of 1,000 leads with
// their activity. Targets, on the median of the three runs: performance >= 90, accessibility 100 and
// best practices 100 on /login, /dashboard, /leads and a lead page; SEO >= 90 on /login (the other
// pages answer X-Robots-Tag: noindex, so their SEO score says nothing).
//
// Starts the real server (server/src/main.ts, embedded PGlite in a fresh data directory, production
// mode, a free port) as its own process, seeds it through the API as a signed-in Partner, runs
// Lighthouse through its Node API with a fresh Chromium for every run (a cold cache each time) and
// writes a table (page x category: median, min, max), the JavaScript and CSS a cold /leads
// transfers, and the audits that cost points, to bench/results/<date>-issue-34-lighthouse.md.
// Exits 1 when a target is missed.
//
// Usage: npm run build && npx tsx bench/lighthouse.ts   (builds the UI itself only when ui/dist is missing)
//   LH_ROOT=/path/to/other/checkout  measures that tree's server and ui/dist (a worktree of an older
//                                    commit with its own node_modules), with this tree's Lighthouse;
//   LH_LABEL=before                  names the results file <date>-issue-34-lighthouse-before.md;
//   LH_PAGES=/login,/leads           only these pages (for working on them: prints, writes no results file);
//   LH_RUNS=1                        runs per page (3 unless set; for working on a page, never for a figure);
//   LH_REPORT_DIR=/some/dir          also writes each run's full report there (<page>-<run>.json, for
//                                    https://googlechrome.github.io/lighthouse/viewer/ or reading);
//   CHROME_PATH=/usr/bin/chromium    the browser (the default).
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { launch } from "chrome-launcher";
import puppeteer from "puppeteer-core";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { readModelsCaughtUp, startAppProcess } from "./lib/app-process.ts";
import { LEADS, seedLeadsWithActivity } from "./lib/leads-with-activity.ts";
import { machineLoad } from "./lib/machine.ts";
import { writeResults } from "./lib/report.ts";

const ROOT = path.resolve(process.env.LH_ROOT ?? path.join(import.meta.dirname, ".."));
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LH_RUNS ?? 3);
const ONLY = process.env.LH_PAGES?.split(",");
const REPORT_DIR = process.env.LH_REPORT_DIR;

type Category = "performance" | "accessibility" | "best-practices" | "seo";
/** The lowest passing score of each category, 0-100 (Lighthouse reports 0-1). */
const TARGETS: Record<Category, number> = { performance: 90, accessibility: 100, "best-practices": 100, seo: 90 };
const CATEGORIES = Object.keys(TARGETS) as Category[];

interface PageUnderTest {
  name: string;
  path: string;
  signedIn: boolean;
  categories: Category[];
}

const headless = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"];

/** A port nobody listens on now (the kernel's choice). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
      .once("error", reject)
      .listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });

/**
 * One Lighthouse run in a fresh Chromium. A signed-in page gets the cookies in the browser's own jar
 * before it loads (through the page Lighthouse drives), as after a sign-in: the session for the server,
 * and the signed-in hint the page's script reads (a Cookie header alone would not show it to scripts).
 */
async function auditOnce(url: string, categories: Category[], cookie?: string): Promise<Result> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: headless });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const jar = (cookie ?? "").split("; ").filter(Boolean).map((pair) => pair.split("=") as [string, string]);
    if (jar.length) await page.setCookie(...jar.map(([name, value]) => ({ name, value, url })));
    const flags: Flags = { port: chrome.port, logLevel: "error", output: "json", onlyCategories: categories };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    // A signed-in page that ended elsewhere (the sign-in page) measured the wrong screen.
    const ended = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (ended !== new URL(url).pathname) throw new Error(`${url} ended at ${ended}: not the page under test`);
    return result.lhr;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** A run, once more when Lighthouse failed to record it (NO_NAVSTART and the like happen now and then on a busy machine). */
async function audit(url: string, categories: Category[], cookie?: string): Promise<Result> {
  try {
    return await auditOnce(url, categories, cookie);
  } catch (error) {
    console.log(`retrying once: ${error instanceof Error ? error.message : String(error)}`);
    return auditOnce(url, categories, cookie);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * The audits that cost a category points, by id: in performance the metrics below a full score and
 * any other audit Lighthouse marks red (an opportunity or a diagnostic, weight 0, that says why);
 * elsewhere every weighted audit below a full score. With the score of each run and what it found.
 */
function losses(lhr: Result, category: Category, into: Map<string, { title: string; scores: number[]; value: string }>) {
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id]!;
    if (
      a.score === null ||
      a.scoreDisplayMode === "informative" ||
      a.scoreDisplayMode === "notApplicable" ||
      a.scoreDisplayMode === "manual"
    )
      continue;
    const costs = ref.weight > 0 ? a.score < 1 : category === "performance" && a.score < 0.5;
    if (!costs) continue;
    const key = `${category} ${ref.id}`;
    const seen = into.get(key) ?? { title: a.title, scores: [], value: "" };
    seen.scores.push(a.score);
    seen.value = [a.displayValue, ...detailItems(a)].filter(Boolean).join("; ") || seen.value;
    into.set(key, seen);
  }
}

/** What a failing audit points at, briefly: the first items of its details (a console error, an element, a URL). */
function detailItems(a: Result["audits"][string]): string[] {
  const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const text = item.description ?? node?.snippet ?? node?.selector ?? item.url ?? item.source ?? "";
    return String(typeof text === "object" ? JSON.stringify(text) : text)
      .replace(/\s+/g, " ")
      .replaceAll("|", "\\|")
      .slice(0, 160);
  });
}

/** Bytes transferred by type on a cold load, from the resource-summary audit. */
function transferred(lhr: Result): Record<string, number> {
  const items =
    (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return Object.fromEntries(items.map((item) => [item.resourceType, item.transferSize]));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function describeTree(): string {
  const git = (args: string) => execSync(`git ${args}`, { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = git("status --porcelain --untracked-files=no") !== "";
  return `${git("rev-parse --short HEAD")}${dirty ? " with uncommitted changes" : ""} (${ROOT})`;
}

/** Every page RUNS times, run by run across the pages, so that a busy minute on the shared machine spreads over them. */
async function measure(base: string, pages: PageUnderTest[], cookie: string): Promise<Map<string, Result[]>> {
  if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
  const results = new Map<string, Result[]>(pages.map((p) => [p.name, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const lhr = await audit(`${base}${page.path}`, page.categories, page.signedIn ? cookie : undefined);
      results.get(page.name)!.push(lhr);
      if (REPORT_DIR) writeFileSync(path.join(REPORT_DIR, `${page.name.replace(/\W+/g, "-").slice(1)}-${run}.json`), JSON.stringify(lhr));
      console.log(`run ${run} ${page.name}: ${page.categories.map((c) => `${c} ${score(lhr, c)}`).join(", ")}`);
    }
  }
  return results;
}

/** The results as Markdown, and whether every target was met. */
function report(pages: PageUnderTest[], results: Map<string, Result[]>, load: string): { markdown: string; met: boolean } {
  const first = results.get(pages[0]!.name)![0]!;
  const settings = first.configSettings;
  const out = [
    `# Issue 34: Lighthouse, mobile preset (${new Date().toISOString().slice(0, 10)})`,
    "",
    `\`npx tsx bench/lighthouse.ts\`: Lighthouse ${first.lighthouseVersion} on ${/(?:Headless)?Chrome\/[\d.]+/.exec(first.environment.hostUserAgent)?.[0] ?? "Chromium"} ` +
      `(${CHROME_PATH}), ${settings.formFactor}, throttling ${settings.throttlingMethod} ` +
      `(RTT ${settings.throttling.rttMs} ms, ${(settings.throttling.throughputKbps / 1024).toFixed(1)} Mbit/s, ` +
      `CPU x${settings.throttling.cpuSlowdownMultiplier}); ${RUNS} runs per page, a fresh browser each run. ` +
      `Tree: ${describeTree()}. ${LEADS} leads with their activity; ${load} at the start; Lighthouse's benchmark index ` +
      `${median(pages.flatMap((p) => results.get(p.name)!.map((r) => r.environment.benchmarkIndex))).toFixed(0)} (median).`,
    "",
    `Median (min-max) of ${RUNS} runs; target in brackets.`,
    "",
    `| page | ${CATEGORIES.map((c) => `${c} (${c === "accessibility" || c === "best-practices" ? "" : ">= "}${TARGETS[c]})`).join(" | ")} |`,
    `|---|${CATEGORIES.map(() => "---").join("|")}|`,
  ];
  let met = true;
  const lost: string[] = [];
  for (const page of pages) {
    const runs = results.get(page.name)!;
    const cells = CATEGORIES.map((c) => {
      if (!page.categories.includes(c)) return "-";
      const scores = runs.map((r) => score(r, c));
      const ok = median(scores) >= TARGETS[c];
      met &&= ok;
      return `${ok ? "" : "**MISS** "}${median(scores)} (${Math.min(...scores)}-${Math.max(...scores)})`;
    });
    out.push(`| ${page.name} | ${cells.join(" | ")} |`);
    const audits = new Map<string, { title: string; scores: number[]; value: string }>();
    for (const c of page.categories) for (const r of runs) losses(r, c, audits);
    for (const [key, a] of audits)
      lost.push(
        `| ${page.name} | ${key.replace(" ", " | ")} | ${a.scores.map((s) => s.toFixed(2)).join(", ")} | ${a.title.replaceAll("|", "\\|")} | ${a.value} |`,
      );
  }
  const leads = results.get("/leads");
  const bytes = (type: string) => median(leads!.map((r) => transferred(r)[type] ?? 0));
  const requests = (r: Result) => (r.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  if (leads)
    out.push(
      "",
      `Transferred by a cold /leads (median of ${RUNS}): JavaScript ${kb(bytes("script"))}, CSS ${kb(bytes("stylesheet"))}, ` +
        `fonts ${kb(bytes("font"))}, documents ${kb(bytes("document"))}, other (API answers) ${kb(bytes("other"))}; ` +
        `total ${kb(bytes("total"))} in ${median(leads.map(requests))} requests.`,
    );
  out.push("", "## Audits that cost points", "");
  if (lost.length === 0) out.push("None.");
  else out.push("| page | category | audit id | score per run | title | found |", "|---|---|---|---|---|---|", ...lost);
  return { markdown: `${out.join("\n")}\n`, met };
}

async function main() {
  if (!existsSync(path.join(ROOT, "ui/dist/index.html"))) execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
  const app = await startAppProcess({ port: await freePort(), cwd: ROOT });
  let outcome: { markdown: string; met: boolean };
  try {
    const { cookie, leadId } = await seedLeadsWithActivity(app.url);
    await readModelsCaughtUp(app, 120_000);
    const pages: PageUnderTest[] = [
      { name: "/login", path: "/login", signedIn: false, categories: CATEGORIES },
      { name: "/dashboard", path: "/dashboard", signedIn: true, categories: CATEGORIES.filter((c) => c !== "seo") },
      { name: "/leads", path: "/leads", signedIn: true, categories: CATEGORIES.filter((c) => c !== "seo") },
      { name: "/lead/:id", path: `/lead/${leadId}`, signedIn: true, categories: CATEGORIES.filter((c) => c !== "seo") },
    ].filter((p) => !ONLY || ONLY.includes(p.name));
    const load = machineLoad();
    outcome = report(pages, await measure(app.url, pages, cookie), load);
  } finally {
    await app.stop();
  }
  console.log(`\n${outcome.markdown}`);
  if (!ONLY) {
    const file = writeResults(outcome.markdown, new Date(), [
      "issue-34-lighthouse",
      ...(process.env.LH_LABEL ? [process.env.LH_LABEL] : []),
    ]);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  }
  if (!outcome.met) {
    console.log("A target was missed: see the audits above.");
    process.exitCode = 1;
  }
}

await main();
