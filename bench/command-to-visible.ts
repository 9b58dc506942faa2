/**
 * Command to visible (read-your-writes), in the two forms the issues define, against the whole app
 * (commands, projector, reads) in its own process on a fresh Postgres database, or against its
 * three services in three processes (the app's one event loop is then not the one queue every
 * step waits in):
 * - every command read back (issue 2, "POST, then GET with the position ... at 200 commands/s"):
 *   each command is followed by GET /api/leads/{id} with X-Min-Position set to the position it
 *   returned, so the app answers twice the rate in requests;
 * - probes under background load (issue 10, "under 500 commands/s of background load"): the
 *   background commands run on the clock unread, and probe commands, each read back so, run on
 *   their own clock beside them.
 * Half the commands create a lead, half change a stage.
 */
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { readModelsCaughtUp, startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { jsonClient, type JsonClient } from "./lib/json-client.ts";
import { describeFlushes, startDiskFlushProbe } from "./lib/disk-flush.ts";
import { createLeadBody } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface VisibleBenchOptions {
  /** Commands per second, scheduled by the clock whatever the answers do. */
  rate: number;
  /**
   * Unset: every command is read back. Set: the rate is background load, read by nobody, and this
   * many probe commands per second, each read back, run beside it.
   */
  probeRate?: number;
  durationMs: number;
  /** The command service, read API and projector as three processes instead of one. */
  split?: boolean;
  port?: number;
  log?: (line: string) => void;
}

export interface Clients {
  commands: JsonClient;
  reads: JsonClient;
}

export interface Outcome {
  latencyMs?: number;
  stale: boolean;
  failed?: string;
}

export const latenciesOf = (outcomes: readonly Outcome[]) => outcomes.flatMap((o) => (o.latencyMs === undefined ? [] : [o.latencyMs]));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates a lead (even i) or moves one made earlier to another stage (odd i); the lead's id and the command's position. */
async function command(http: Clients, leads: string[], i: number): Promise<{ id: string; position: string } | { failed: string }> {
  const existing = i % 2 === 1 && leads.length > 0 ? leads[(i >> 1) % leads.length] : undefined;
  const answer = existing
    ? await http.commands("PATCH", `/api/leads/${existing}`, { stage: LEAD_STAGES[(i >> 1) % LEAD_STAGES.length] })
    : await http.commands("POST", "/api/leads", createLeadBody());
  if (answer.status >= 300) return { failed: `${existing ? "PATCH" : "POST"} ${answer.status}` };
  const id = String(answer.json.id);
  if (!existing && leads.length < 500) leads.push(id);
  return { id, position: String(answer.json.position) };
}

/** A background command; its latency runs from the scheduled start to its answer. */
export async function commandOnly(http: Clients, leads: string[], i: number, scheduledAt: number): Promise<Outcome> {
  const done = await command(http, leads, i);
  if ("failed" in done) return { stale: false, failed: done.failed };
  return { latencyMs: performance.now() - scheduledAt, stale: false };
}

/** One command and the read that must see it; latency runs from the scheduled start to the read's answer. */
export async function commandThenRead(http: Clients, leads: string[], i: number, scheduledAt: number): Promise<Outcome> {
  const done = await command(http, leads, i);
  if ("failed" in done) return { stale: false, failed: done.failed };
  const read = await http.reads("GET", `/api/leads/${done.id}`, undefined, { "X-Min-Position": done.position });
  const stale = read.headers["x-stale"] === "true";
  if (read.status !== 200) return { stale, failed: `GET ${read.status}` };
  return { latencyMs: performance.now() - scheduledAt, stale };
}

/** Fires commands on the clock (open loop) for durationMs and waits for the stragglers. */
export async function openLoop(rate: number, durationMs: number, op: (i: number, scheduledAt: number) => Promise<Outcome>) {
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
  probeRate,
  durationMs,
  split = false,
  port = 5130,
  log = console.log,
}: VisibleBenchOptions): Promise<Figure[]> {
  const test = await createTestDatabase("postgres");
  let apps: AppProcess[] = [];
  let http: Clients | undefined;
  const where = split ? "three service processes" : "app in own process";
  const load = probeRate === undefined ? `${rate} cmd/s, each read back` : `${probeRate} probes/s under ${rate} cmd/s of background load`;
  try {
    const token = await partnerToken(test.db, test.url!);
    const started = await startApps(test.url!, port, split);
    apps = started.processes;
    const commands = jsonClient(started.commands.url, token);
    http = { commands, reads: split ? jsonClient(started.reads.url, token) : commands };
    const leads: string[] = [];
    // Background and probes share the leads to move; odd and even i alternate create and move in each.
    const run = (ms: number) =>
      Promise.all([
        openLoop(rate, ms, (i, at) => (probeRate === undefined ? commandThenRead : commandOnly)(http!, leads, i, at)),
        probeRate === undefined ? undefined : openLoop(probeRate, ms, (i, at) => commandThenRead(http!, leads, i, at)),
      ]);
    await run(2_000); // warm-up: JIT, pools, leads to move
    log(`command to visible: ${load} for ${durationMs / 1000} s (half create, half stage change; ${where}), ${machineLoad()}`);
    const appCpu = () => apps.reduce((sum, app) => sum + app.cpuSeconds(), 0);
    const cpu0 = cpuSeconds();
    const app0 = appCpu();
    const serverCpu = await serverCpuMeter(test.db);
    const flushProbe = startDiskFlushProbe();
    const t0 = performance.now();
    const [main, probes] = await run(durationMs);
    const seconds = (performance.now() - t0) / 1000;
    const disk = await flushProbe.stop(test.db);
    const commandCount = main.outcomes.length + (probes?.outcomes.length ?? 0);
    const measured = probes ?? main;
    const latencies = latenciesOf(measured.outcomes);
    const stale = measured.outcomes.filter((o) => o.stale).length;
    const failures = [...main.outcomes, ...(probes?.outcomes ?? [])].filter((o) => o.failed);
    const s = summarize(latencies);
    log(
      `  p50 ${fmt(s.p50, 1)} ms  p95 ${fmt(s.p95, 1)} ms  p99 ${fmt(s.p99, 1)} ms  max ${fmt(s.max, 1)} ms; ${stale} X-Stale, ${failures.length} failed${failures[0] ? ` (first: ${failures[0].failed})` : ""}`,
    );
    if (probes) {
      const background = summarize(latenciesOf(main.outcomes));
      log(`  background commands: p50 ${fmt(background.p50, 1)} ms  p99 ${fmt(background.p99, 1)} ms`);
    }
    log(`  ${describeFlushes(disk)}`);
    const perCommand = (cpuSecondsUsed: number) => (cpuSecondsUsed / commandCount) * 1000;
    const cpu = { client: perCommand(cpuSeconds() - cpu0), app: perCommand(appCpu() - app0), postgres: perCommand(await serverCpu()) };
    const cpuMs = cpu.client + cpu.app + cpu.postgres;
    const lag = Math.max(main.maxLagMs, probes?.maxLagMs ?? 0);
    log(
      `  completed ${fmt(commandCount / seconds)} commands/s; scheduler lag max ${fmt(lag, 1)} ms; CPU ${fmt(cpuMs, 2)} ms per command with its share of the reads (load generator ${fmt(cpu.client, 2)}, app ${fmt(cpu.app, 2)}, Postgres ${fmt(cpu.postgres, 2)}), ${machineLoad()}`,
    );
    return [
      {
        figure: `command to visible, ${load} (Postgres, ${where})`,
        measured: `p50 ${fmt(s.p50, 1)} ms, p95 ${fmt(s.p95, 1)} ms, p99 ${fmt(s.p99, 1)} ms; ${stale} stale, ${failures.length} failed of ${commandCount}; completed ${fmt(commandCount / seconds)} cmd/s; CPU ${fmt(cpuMs, 2)} ms/command`,
        target: "p50 <= 15 ms, p99 <= 60 ms",
        limit: `a commit waits for its WAL flush: ${describeFlushes(disk)}`,
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
  // tsx command-to-visible.ts [rate] [seconds] [split|one] [probes/s: the rate is then background load]
  const { textTable } = await import("./lib/report.ts");
  console.log(
    textTable(
      await benchCommandToVisible({
        rate: Number(process.argv[2] ?? 200),
        durationMs: Number(process.argv[3] ?? 20) * 1000,
        split: process.argv[4] === "split",
        probeRate: process.argv[5] === undefined ? undefined : Number(process.argv[5]),
      }),
    ),
  );
}
