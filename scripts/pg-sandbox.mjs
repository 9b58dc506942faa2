// A private, throwaway Postgres 15 for fault tests (restart, kill): never the machine's shared server.
// `node scripts/pg-sandbox.mjs start [port]` prints its URL and data directory; `stop <dir>` removes it.
// Also imported by server/test/reliability/support/private-postgres.ts.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why a sandbox cannot start here, or undefined when it can. */
export function sandboxUnavailable() {
  if (!existsSync(path.join(PG_BIN, "initdb")) || !existsSync(path.join(PG_BIN, "pg_ctl"))) return `no initdb/pg_ctl in ${PG_BIN}`;
  if (userInfo().uid === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0)
    return "running as root and there is no postgres user to run the server as";
  return undefined;
}

const run = promisify(execFile);

/**
 * Runs a Postgres binary, as the postgres user when we are root (initdb and pg_ctl refuse root).
 * Asynchronous: a test's in-process server must keep answering while the database restarts.
 */
async function pgRun(binary, args) {
  const command = path.join(PG_BIN, binary);
  const { stdout } = userInfo().uid === 0 ? await run("runuser", ["-u", "postgres", "--", command, ...args]) : await run(command, args);
  return stdout;
}

/** A new temp dir the server's user owns. */
function serverDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o700);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * initdb into a new temp dir and start on `port` (trust auth, loopback only, no fsync: test data only;
 * `durable` keeps fsync on, for a bench whose figures must include the disk).
 */
export async function startSandbox(port, { durable = false } = {}) {
  const dir = serverDir("crm-pg-sandbox-");
  const data = path.join(dir, "data");
  await pgRun("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const sandbox = { dir, data, port, durable, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
  await startServer(sandbox);
  return sandbox;
}

/**
 * A hot standby of a running sandbox, started on `port`: pg_basebackup -R copies the primary's data
 * directory and configures it to stream and replay the primary's WAL (initdb's pg_hba.conf lets
 * loopback replication connections in). It answers read-only queries; pg_is_in_recovery() is true.
 */
export async function startStandby(primary, port) {
  const dir = serverDir("crm-pg-standby-");
  const data = path.join(dir, "data");
  await pgRun("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", data, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"]);
  const standby = { dir, data, port, durable: primary.durable, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
  await startServer(standby);
  return standby;
}

/** pg_ctl start (waits until it accepts connections). */
export async function startServer(sandbox) {
  const options = `-p ${sandbox.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${sandbox.dir}${sandbox.durable ? "" : " -c fsync=off"} -c max_connections=100`;
  await pgRun("pg_ctl", ["-D", sandbox.data, "-o", options, "-l", path.join(sandbox.dir, "log"), "-w", "-t", "60", "start"]);
}

/** pg_ctl stop -m fast: open connections are cut, as in a real restart. */
export async function stopServer(sandbox) {
  await pgRun("pg_ctl", ["-D", sandbox.data, "-m", "fast", "-w", "-t", "60", "stop"]);
}

/** Stops the server (if running) and deletes its directory. */
export async function destroySandbox(sandbox) {
  try {
    await pgRun("pg_ctl", ["-D", sandbox.data, "-m", "immediate", "-w", "stop"]);
  } catch {
    // already stopped
  }
  rmSync(sandbox.dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, arg] = process.argv.slice(2);
  if (command === "start") {
    const reason = sandboxUnavailable();
    if (reason) throw new Error(reason);
    const sandbox = await startSandbox(Number(arg ?? 5490));
    console.log(JSON.stringify(sandbox));
  } else if (command === "stop" && arg) {
    await destroySandbox({ dir: arg, data: path.join(arg, "data") });
  } else {
    console.log("usage: node scripts/pg-sandbox.mjs start [port] | stop <dir>");
  }
}
