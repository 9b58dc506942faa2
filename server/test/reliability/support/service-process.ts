import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface ServiceProcess {
  child: ChildProcess;
  output: string[];
  /** Resolves once the output matches the pattern; rejects if the process exits first or after timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * `node --import tsx server/src/main.ts <mode>` as ONE process (the tsx CLI would fork a child
 * that a SIGKILL of the parent leaves running), so a kill really ends the service.
 */
export function startService(mode: string, env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", mode], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", DATA_DIR: mkdtempSync(path.join(tmpdir(), "crm-rel-")), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    for (const check of waiters) check();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${mode} did not print ${pattern} in ${timeoutMs} ms:\n${output.join("").slice(-3000)}`));
      }, timeoutMs);
      const check = () => {
        if (!pattern.test(output.join(""))) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then((code) => {
        waiters.delete(check);
        clearTimeout(timer);
        reject(new Error(`${mode} exited (${code}) before printing ${pattern}:\n${output.join("").slice(-3000)}`));
      });
    });
  return { child, output, waitFor, exited };
}

/** SIGKILL, then wait for the exit so the next instance never overlaps this one. */
export async function killHard(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill("SIGKILL");
  await service.exited;
}

/** SIGTERM (a clean shutdown), SIGKILL after 5 s. */
export async function stopService(service: ServiceProcess | undefined): Promise<void> {
  if (!service || service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill("SIGTERM");
  const timer = setTimeout(() => service.child.kill("SIGKILL"), 5_000);
  await service.exited;
  clearTimeout(timer);
}

/**
 * The ports above 1024 that fetch refuses to connect to ("bad port", the Fetch standard's port
 * blocking): a server may listen there, but the tests' fetch could not reach it.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A free TCP port in [from, to], other than those taken and those fetch refuses. */
export async function freePort(from: number, to: number, taken: ReadonlySet<number> = new Set()): Promise<number> {
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((start + i) % span);
    if (taken.has(port) || FETCH_BLOCKED_PORTS.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once("error", () => resolve(false))
        .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
