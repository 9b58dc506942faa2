import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable } from "@crm/infra/testing/test-database";
import { haproxyUnavailable } from "../../../scripts/haproxy.mjs";
import { call } from "../../testing/http-client.ts";
import { freePort, ROOT } from "../reliability/support/service-process.ts";

// `npm run cluster` (scripts/cluster.mjs) as a person runs it: its refusals, and a whole cluster started
// and stopped. With --no-build it leaves the UI as it is (a build takes longer than a test): the page is
// checked where ui/dist holds one, the API always.
const unavailable = !(await postgresAvailable()) ? "no Postgres server answers" : haproxyUnavailable();
const built = existsSync(path.join(ROOT, "ui/dist/index.html"));

/** node scripts/cluster.mjs with its output collected; `printed` resolves once the output matches, rejects if it exits first. */
function runCluster(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/cluster.mjs", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (pattern.test(output) ? resolve(output) : undefined);
      child.stdout!.on("data", check);
      void exited.then((code) => reject(new Error(`cluster.mjs exited (${code}) before printing ${pattern}:\n${output}`)));
    });
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return { child, exited, printed, output: () => output };
}

/** Whether a process with this id still runs. */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm run cluster", () => {
  it("refuses to start without DATABASE_URL (exit 2), saying that the embedded store is one process's", async () => {
    const cluster = runCluster([], { DATABASE_URL: "" });
    expect(await cluster.exited).toBe(2);
    expect(cluster.output()).toMatch(/needs DATABASE_URL[\s\S]*embedded store \(PGlite in DATA_DIR\) belongs to one process/);
  });

  it("refuses a number of instances that is not a whole number from 1 (exit 2)", async () => {
    const cluster = runCluster(["--reads", "0"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(await cluster.exited).toBe(2);
    expect(cluster.output()).toMatch(/--reads must be a whole number of instances, at least 1, not "0"/);
  });

  it.skipIf(unavailable !== undefined)(
    `starts the instances and haproxy on PORT, and stops them all on SIGINT with exit 0${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    async () => {
      const database = await createTestDatabase("postgres");
      const dataDir = mkdtempSync(path.join(tmpdir(), "crm-cluster-script-"));
      const port = await freePort(4400, 4499);
      const env = { DATABASE_URL: database.url!, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      const cluster = runCluster(["--commands", "1", "--reads", "1", "--projectors", "1", "--no-build"], env);
      let pids: number[] = [];
      try {
        const printed = await cluster.printed(/Ctrl-C stops them all/);
        pids = [...printed.matchAll(/pid (\d+)/g)].map((m) => Number(m[1]));
        expect(pids).toHaveLength(4); // haproxy and three instances
        const url = `http://127.0.0.1:${port}`;
        expect((await fetch(`${url}/api/health`)).status).toBe(200);
        if (built) {
          const page = await fetch(`${url}/`);
          expect(page.status).toBe(200);
          expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        }
        const signUp = await call({ url }, "/api/auth/sign-up", {
          method: "POST",
          body: { email: "first@example.com", password: "correct horse battery staple" },
        });
        expect(signUp.status).toBe(201);

        cluster.child.kill("SIGINT");
        expect(await cluster.exited).toBe(0);
        expect(pids.filter(running)).toEqual([]);
        await expect(fetch(`${url}/api/health`)).rejects.toThrow();
      } finally {
        for (const pid of [cluster.child.pid!, ...pids].filter(running)) process.kill(pid, "SIGKILL");
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
