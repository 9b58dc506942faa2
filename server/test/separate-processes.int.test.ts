import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "@crm/infra/testing/test-database";
import { freePort } from "./reliability/support/service-process.ts";

const hasPostgres = await postgresAvailable();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

interface Service {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

/** Starts `tsx server/src/main.ts <mode>`; ready when it says it listens (or runs). */
function startService(mode: string, env: Record<string, string>): Service {
  const child = spawn(TSX, ["server/src/main.ts", mode], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/listening on|projector running/.test(output.join(""))) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`${mode} exited with ${code}:\n${output.join("")}`)));
  });
  return { child, output, ready };
}

async function stop(service: Service | undefined) {
  if (!service || service.child.exitCode !== null) return;
  const exited = new Promise((resolve) => service.child.once("exit", resolve));
  service.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (service.child.exitCode === null) service.child.kill("SIGKILL");
}

describe.skipIf(!hasPostgres)("the three services as separate processes on one Postgres (needs a Postgres server)", () => {
  let database: TestDatabase;
  const services: Service[] = [];
  let commandUrl: string;
  let readUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // 4100-4199: the range this suite may use.
    const commandPort = await freePort(4100, 4199);
    const readPort = await freePort(4100, 4199, new Set([commandPort]));
    const base = {
      DATABASE_URL: database.url!,
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "crm-procs-")),
    };
    // All three start at once on an empty database, so their migrations race as in a real deployment.
    services.push(
      startService("command-service", { ...base, PORT: String(commandPort) }),
      startService("read-api", { ...base, PORT: String(readPort) }),
      startService("projector", { ...base, PORT: "0" }),
    );
    await Promise.all(services.map((s) => s.ready));
    commandUrl = `http://127.0.0.1:${commandPort}`;
    readUrl = `http://127.0.0.1:${readPort}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(services.map(stop));
    await database?.drop();
  });

  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { res, body: (await res.json()) as Record<string, unknown> };
  };

  it("writes through the command service and reads the lead from the read API at the returned position", async () => {
    const signUp = await post(`${commandUrl}/api/auth/sign-up`, { email: "first@example.com", password: "correct horse battery staple" });
    expect(signUp.res.status).toBe(201);
    const token = decodeURIComponent(/crm_session=([^;]+)/.exec(signUp.res.headers.get("set-cookie") ?? "")![1]!);
    const registered = await post(`${commandUrl}/api/auth/register`, { displayName: "First", role: "Partner" }, token);
    expect(registered.res.status).toBe(201);

    const created = await post(`${commandUrl}/api/leads`, { name: "Across processes", business: "Biz", email: "x@example.com" }, token);
    expect(created.res.status).toBe(201);
    const { id, position } = created.body as { id: string; position: string };

    const read = await fetch(`${readUrl}/api/leads/${id}`, { headers: { authorization: `Bearer ${token}`, "X-Min-Position": position } });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-stale")).toBeNull();
    expect(await read.json()).toMatchObject({ id, name: "Across processes" });

    // Each service serves only its side: reads are not on the command service, writes not on the read API.
    expect((await fetch(`${commandUrl}/api/leads/${id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect((await post(`${readUrl}/api/leads`, { name: "x", business: "y", email: "z@example.com" }, token)).res.status).toBe(404);

    const health = await fetch(`${readUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "postgres" });
  });
});
