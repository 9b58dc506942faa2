// `npm run cluster -- --commands 2 --reads 2 --projectors 2`: many instances of each service on this
// machine, sharing its Postgres (DATABASE_URL) and its DATA_DIR, behind haproxy on PORT (README, "Scale out").
// Each instance runs as its package script (start:command-service, start:read-api, start:projector) does,
// on a free loopback port; haproxy's configuration is deploy/haproxy.cfg filled in (scripts/haproxy.mjs).
// Ctrl-C or SIGTERM stops haproxy, then every instance, and exits 0.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { haproxyUnavailable, startHaproxy } from "./haproxy.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE =
  "usage: npm run cluster -- [--commands N] [--reads N] [--projectors N] [--no-build]\n" +
  "  each count at least 1, 2 by default; --no-build serves ui/dist as it is, or the API alone when it is missing";
/** How long the instances and haproxy's first checks may take before the cluster gives up. */
const START_TIMEOUT_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function refuse(message) {
  console.error(message);
  process.exit(2);
}

/** --commands, --reads and --projectors, each a whole number of instances, and --no-build. */
function options() {
  const count = { type: "string", default: "2" };
  let values;
  try {
    ({ values } = parseArgs({ options: { commands: count, reads: count, projectors: count, "no-build": { type: "boolean", default: false } } }));
  } catch (error) {
    refuse(`${error.message}\n${USAGE}`);
  }
  const { "no-build": noBuild, ...counts } = values;
  for (const [name, text] of Object.entries(counts)) {
    if (!/^[1-9]\d*$/.test(text)) refuse(`--${name} must be a whole number of instances, at least 1, not "${text}"\n${USAGE}`);
  }
  return { counts: { commands: Number(counts.commands), reads: Number(counts.reads), projectors: Number(counts.projectors) }, build: !noBuild };
}

/**
 * A mode's node arguments, from its package script (`tsx <node flags> server/src/main.ts <mode>`): run as
 * `node --import tsx …`, one process, so that a signal reaches the service itself and not a tsx CLI parent.
 */
function nodeArgumentsOf(mode) {
  const script = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts[`start:${mode}`];
  const [runner, ...args] = script.trim().split(/\s+/);
  if (runner !== "tsx") throw new Error(`package.json's start:${mode} does not start with tsx: ${script}`);
  return ["--import", "tsx", ...args];
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Prints each line of a stream with the instance's name in front. */
function prefixLines(stream, name, out) {
  createInterface({ input: stream }).on("line", (line) => out.write(`[${name}] ${line}\n`));
}

/**
 * One instance in its own process group (detached), so that Ctrl-C in the terminal reaches this script
 * only, which then stops each instance once (a SIGKILL of this script leaves them running: stop them by
 * the pids it printed). The inbound SMTP listener runs on the first command service only: two could not
 * listen on one port.
 */
async function startInstance(mode, index) {
  const name = `${mode}-${index + 1}`;
  const port = mode === "projector" ? 0 : await freePort();
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1" };
  if (!(mode === "command-service" && index === 0)) delete env.INBOUND_SMTP_PORT;
  const child = spawn(process.execPath, nodeArgumentsOf(mode), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  prefixLines(child.stdout, name, process.stdout);
  prefixLines(child.stderr, name, process.stderr);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  return { name, mode, port, url: `http://127.0.0.1:${port}`, child, exited };
}

/** Resolves once an HTTP instance answers (its database is migrated by then); rejects if it exits first. */
async function answering(instance, deadline) {
  let exit;
  void instance.exited.then((code) => (exit = code));
  while (Date.now() < deadline) {
    if (exit !== undefined) throw new Error(`${instance.name} exited (${exit}) before it answered`);
    const answered = await fetch(`${instance.url}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await sleep(250);
  }
  throw new Error(`${instance.name} did not answer on ${instance.url} in ${START_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM (the services finish what is in flight), SIGKILL after 10 s. */
async function stopInstance(instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill("SIGTERM");
  const timer = setTimeout(() => instance.child.kill("SIGKILL"), 10_000);
  await instance.exited;
  clearTimeout(timer);
}

function checkPrerequisites() {
  if (!process.env.DATABASE_URL) {
    refuse(
      "npm run cluster needs DATABASE_URL, the Postgres every instance shares, e.g.\n" +
        "  DATABASE_URL=postgres://user@localhost:5432/crm npm run cluster\n" +
        "The embedded store (PGlite in DATA_DIR) belongs to one process: run it with npm start.",
    );
  }
  const missing = haproxyUnavailable();
  if (missing) refuse(`npm run cluster needs haproxy: ${missing}`);
}

/** Like `npm start`, the read APIs serve the built UI: build it when it is missing. */
function buildUiIfMissing() {
  if (existsSync(path.join(ROOT, "ui/dist/index.html"))) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function main() {
  const { counts, build } = options();
  checkPrerequisites();
  if (build) buildUiIfMissing();
  const dir = mkdtempSync(path.join(tmpdir(), "crm-cluster-"));
  const instances = [];
  let haproxy;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    await haproxy?.stop();
    await Promise.all(instances.map(stopInstance));
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  try {
    await startAll(counts, instances, dir, (started) => (haproxy = started));
  } catch (error) {
    console.error(`cluster: ${error.message}`);
    await shutdown(1);
  }
  for (const instance of instances) {
    void instance.exited.then((code) => {
      if (!stopping) console.error(`cluster: ${instance.name} exited (${code}); haproxy sends its share elsewhere`);
    });
  }
  void haproxy.exited.then((code) => {
    if (stopping) return;
    console.error(`cluster: haproxy exited (${code}):\n${haproxy.errors.join("")}`);
    void shutdown(1);
  });
  printUrls(counts, instances, haproxy);
}

/**
 * The first command service alone (it migrates the database and makes DATA_DIR's signing key), then the
 * others, then haproxy once every HTTP instance answers; done when haproxy has checked each server up.
 */
async function startAll(counts, instances, dir, started) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const first = await startInstance("command-service", 0);
  instances.push(first);
  await answering(first, deadline);
  for (let i = 1; i < counts.commands; i++) instances.push(await startInstance("command-service", i));
  for (let i = 0; i < counts.reads; i++) instances.push(await startInstance("read-api", i));
  for (let i = 0; i < counts.projectors; i++) instances.push(await startInstance("projector", i));
  await Promise.all(instances.filter((i) => i.mode !== "projector").map((instance) => answering(instance, deadline)));
  const addresses = (mode) => instances.filter((i) => i.mode === mode).map((i) => `127.0.0.1:${i.port}`);
  const bind = `${process.env.HOST ?? "0.0.0.0"}:${process.env.PORT ?? "3000"}`;
  const haproxy = startHaproxy({ servers: { command: addresses("command-service"), read: addresses("read-api") }, bind, dir });
  started(haproxy);
  prefixLines(haproxy.child.stdout, "haproxy", process.stdout);
  while (!(await haproxy.checked())) {
    if (haproxy.child.exitCode !== null) throw new Error(`haproxy exited (${haproxy.child.exitCode}):\n${haproxy.errors.join("")}`);
    if (Date.now() > deadline) throw new Error(`haproxy did not find every server up:\n${await serverStates(haproxy)}`);
    await sleep(250);
  }
}

async function serverStates(haproxy) {
  const rows = await haproxy.servers().catch(() => []);
  return rows.map((row) => `  ${row.pxname}/${row.svname} ${row.status} (${row.check_status})`).join("\n");
}

/** Where everything is: each HTTP instance's address, and every instance's process id. */
function printUrls(counts, instances, haproxy) {
  const list = (mode) =>
    instances
      .filter((i) => i.mode === mode)
      .map((i) => (i.mode === "projector" ? `pid ${i.child.pid}` : `${i.url} (pid ${i.child.pid})`))
      .join(", ");
  const port = process.env.PORT ?? "3000";
  console.log(
    [
      `cluster: http://localhost:${port} (haproxy, pid ${haproxy.child.pid}, ${haproxy.file})`,
      `  command services (${counts.commands}): ${list("command-service")}`,
      `  read APIs, with the UI (${counts.reads}): ${list("read-api")}`,
      `  projectors (${counts.projectors}): ${list("projector")}`,
      `  servers' states: echo "show stat" | socat stdio ${haproxy.socket}`,
      "Ctrl-C stops them all.",
    ].join("\n"),
  );
}

await main();
