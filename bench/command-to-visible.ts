/**
 * Command to visible (read-your-writes): an open-loop load of create-lead and change-stage
 * commands against the whole app (commands, projector, reads) in its own process on a fresh
 * Postgres database, or against its three services in three processes (the app's one event loop
 * is then not the one queue every step waits in); each command is followed by GET /api/leads/{id}
 * with X-Min-Position set to the position the command returned.
 */
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { readModelsCaughtUp, startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { jsonClient, type JsonClient } from "./lib/json-client.ts";
import { createLeadBody } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface VisibleBenchOptions {
  /** Commands per second, scheduled by the clock whatever the answers do. */
  rate: number;
  durationMs: number;
  /** The command service, read API and projector as three processes instead of one. */
  split?: boolean;
  port?: number;
  log?: (line: string) => void;
}

interface Clients {
  commands: JsonClient;
  reads: JsonClient;
}

interface Outcome {
  latencyMs?: number;
  stale: boolean;
  failed?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One command and the read that must see it; latency runs from the scheduled start to the read's answer. */
async function commandThenRead(http: Clients, leads: string[], i: number, scheduledAt: number): Promise<Outcome> {
  const existing = i % 2 === 1 && leads.length > 0 ? leads[(i >> 1) % leads.length] : undefined;
  const command = existing
    ? await http.commands("PATCH", `/api/leads/${existing}`, { stage: LEAD_STAGES[(i >> 1) % LEAD_STAGES.length] })
    : await http.commands("POST", "/api/leads", createLeadBody());
  if (command.status >= 300) return { stale: false, failed: `${existing ? "PATCH" : "POST"} ${command.status}` };
  const id = String(command.json.id);
  if (!existing && leads.length < 500) leads.push(id);
  const read = await http.reads("GET", `/api/leads/${id}`, undefined, { "X-Min-Position": String(command.json.position) });
  const stale = read.headers["x-stale"] === "true";
  if (read.status !== 200) return { stale, failed: `GET ${read.status}` };
  return { latencyMs: performance.now() - scheduledAt, stale };
}

/** Fires commands on the clock (open loop) for durationMs and waits for the stragglers. */
async function openLoop(rate: number, durationMs: number, op: (i: number, scheduledAt: number) => Promise<Outcome>) {
  const pending: Promise<Outcome>[] = [];
  const start = performance.now();
  const total = Math.floor((rate * durationMs) / 1000);
  let maxLagMs = 0;
  for (let i = 0; i < total;) {
    const now = performance.now();
    for (; i < total && start + (i * 1000) / rate <= now; i++) {
      const scheduledAt = start + (i * 1000) / rate;
      maxLagMs = Math.max(maxLagMs, now - scheduledAt);
      pending.push(op(i, scheduledAt).catch((e: unknown) => ({ stale: false, failed: String(e) })));
    }
    await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()));
  }
  return { outcomes: await Promise.all(pending), maxLagMs };
}

/** The app in one process, or its read API, command service and projector in three (started in turn: each migrates). */
async function startApps(databaseUrl: string, port: number, split: boolean) {
  if (!split) {
    const app = await startAppProcess({ port, databaseUrl });
    return { processes: [app], commands: app, reads: app };
  }
  const processes: AppProcess[] = [];
  try {
    const reads = await startAppProcess({ port, databaseUrl, mode: "read-api" });
    processes.push(reads);
    const commands = await startAppProcess({ port: port + 1, databaseUrl, mode: "command-service" });
    processes.push(commands);
    processes.push(await startAppProcess({ port: port + 2, databaseUrl, mode: "projector" }));
    await readModelsCaughtUp(reads, 60_000);
    return { processes, commands, reads };
  } catch (error) {
    await Promise.all(processes.map((p) => p.stop()));
    throw error;
  }
}

export async function benchCommandToVisible({
  rate,
  durationMs,
  split = false,
  port = 5130,
  log = console.log,
}: VisibleBenchOptions): Promise<Figure[]> {
  const test = await createTestDatabase("postgres");
  let apps: AppProcess[] = [];
  let http: Clients | undefined;
  const where = split ? "three service processes" : "app in own process";
  try {
    const token = await partnerToken(test.db, test.url!);
    const started = await startApps(test.url!, port, split);
    apps = started.processes;
    const commands = jsonClient(started.commands.url, token);
    http = { commands, reads: split ? jsonClient(started.reads.url, token) : commands };
    const leads: string[] = [];
    const op = (i: number, at: number) => commandThenRead(http!, leads, i, at);
    await openLoop(rate, 2_000, op); // warm-up: JIT, pools, leads to move
    log(`command to visible: ${rate} commands/s for ${durationMs / 1000} s (half create, half stage change; ${where}), ${machineLoad()}`);
    const appCpu = () => apps.reduce((sum, app) => sum + app.cpuSeconds(), 0);
    const cpu0 = cpuSeconds();
    const app0 = appCpu();
    const serverCpu = await serverCpuMeter(test.db);
    const t0 = performance.now();
    const { outcomes, maxLagMs } = await openLoop(rate, durationMs, op);
    const achieved = outcomes.length / ((performance.now() - t0) / 1000);
    const latencies = outcomes.flatMap((o) => (o.latencyMs === undefined ? [] : [o.latencyMs]));
    const stale = outcomes.filter((o) => o.stale).length;
    const failures = outcomes.filter((o) => o.failed);
    const s = summarize(latencies);
    log(
      `  p50 ${fmt(s.p50, 1)} ms  p95 ${fmt(s.p95, 1)} ms  p99 ${fmt(s.p99, 1)} ms  max ${fmt(s.max, 1)} ms; ${stale} X-Stale, ${failures.length} failed${failures[0] ? ` (first: ${failures[0].failed})` : ""}`,
    );
    const perCommand = (seconds: number) => (seconds / outcomes.length) * 1000;
    const cpu = { client: perCommand(cpuSeconds() - cpu0), app: perCommand(appCpu() - app0), postgres: perCommand(await serverCpu()) };
    const cpuMs = cpu.client + cpu.app + cpu.postgres;
    log(
      `  completed ${fmt(achieved)} commands/s; scheduler lag max ${fmt(maxLagMs, 1)} ms; CPU ${fmt(cpuMs, 2)} ms per command and read (load generator ${fmt(cpu.client, 2)}, app ${fmt(cpu.app, 2)}, Postgres ${fmt(cpu.postgres, 2)}), ${machineLoad()}`,
    );
    return [
      {
        figure: `command to visible at ${rate} cmd/s (Postgres, ${where})`,
        measured: `p50 ${fmt(s.p50, 1)} ms, p95 ${fmt(s.p95, 1)} ms, p99 ${fmt(s.p99, 1)} ms; ${stale} stale, ${failures.length} failed of ${outcomes.length}; completed ${fmt(achieved)}/s; CPU ${fmt(cpuMs, 2)} ms/command`,
        target: "p50 <= 15 ms, p99 <= 60 ms",
        limit: "-",
        verdict: verdict(s.p50 <= 15 && s.p99 <= 60 && stale === 0 && failures.length === 0),
      },
    ];
  } finally {
    http?.commands.close();
    if (split) http?.reads.close();
    await Promise.all(apps.map((app) => app.stop()));
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(
    textTable(
      await benchCommandToVisible({
        rate: Number(process.argv[2] ?? 200),
        durationMs: Number(process.argv[3] ?? 20) * 1000,
        split: process.argv[4] === "split",
      }),
    ),
  );
}
