/**
 * Command to visible (read-your-writes): an open-loop load of create-lead and change-stage
 * commands against the whole app in-process; each command is followed by GET /api/leads/{id}
 * with X-Min-Position set to the position the command returned.
 */
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { signUpAs } from "@crm/server/testing/sign-up-as";
import { startTestApp } from "@crm/server/testing/test-app";
import { createLeadBody } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface VisibleBenchOptions {
  /** Commands per second, scheduled by the clock whatever the answers do. */
  rate: number;
  durationMs: number;
  log?: (line: string) => void;
}

interface Outcome {
  latencyMs?: number;
  stale: boolean;
  failed?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client for the app: JSON bodies, a bearer session. */
function client(baseUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, stale: res.headers.get("x-stale") === "true", json };
  };
}
type Client = ReturnType<typeof client>;

/** One command and the read that must see it; latency runs from the scheduled start to the read's answer. */
async function commandThenRead(http: Client, leads: string[], i: number, scheduledAt: number): Promise<Outcome> {
  const existing = i % 2 === 1 && leads.length > 0 ? leads[(i >> 1) % leads.length] : undefined;
  const command = existing
    ? await http("PATCH", `/api/leads/${existing}`, { stage: LEAD_STAGES[(i >> 1) % LEAD_STAGES.length] })
    : await http("POST", "/api/leads", createLeadBody());
  if (command.status >= 300) return { stale: false, failed: `${existing ? "PATCH" : "POST"} ${command.status}` };
  const id = String(command.json.id);
  if (!existing && leads.length < 500) leads.push(id);
  const read = await http("GET", `/api/leads/${id}`, undefined, { "X-Min-Position": String(command.json.position) });
  if (read.status !== 200) return { stale: read.stale, failed: `GET ${read.status}` };
  return { latencyMs: performance.now() - scheduledAt, stale: read.stale };
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

export async function benchCommandToVisible({ rate, durationMs, log = console.log }: VisibleBenchOptions): Promise<Figure[]> {
  const app = await startTestApp("postgres");
  try {
    const who = await signUpAs(app, { role: "Partner" });
    const http = client(app.url, who.token);
    const leads: string[] = [];
    await openLoop(rate, 2_000, (i, at) => commandThenRead(http, leads, i, at)); // warm-up: JIT, pools, leads to move
    log(`command to visible: ${rate} commands/s for ${durationMs / 1000} s (half create, half stage change), ${machineLoad()}`);
    const cpu0 = cpuSeconds();
    const serverCpu = await serverCpuMeter(app.system.db);
    const started = performance.now();
    const { outcomes, maxLagMs } = await openLoop(rate, durationMs, (i, at) => commandThenRead(http, leads, i, at));
    const achieved = outcomes.length / ((performance.now() - started) / 1000);
    const latencies = outcomes.flatMap((o) => (o.latencyMs === undefined ? [] : [o.latencyMs]));
    const stale = outcomes.filter((o) => o.stale).length;
    const failures = outcomes.filter((o) => o.failed);
    const s = summarize(latencies);
    log(
      `  p50 ${fmt(s.p50, 1)} ms  p95 ${fmt(s.p95, 1)} ms  p99 ${fmt(s.p99, 1)} ms  max ${fmt(s.max, 1)} ms; ${stale} X-Stale, ${failures.length} failed${failures[0] ? ` (first: ${failures[0].failed})` : ""}`,
    );
    const cpuMs = ((cpuSeconds() - cpu0 + (await serverCpu())) / outcomes.length) * 1000;
    log(
      `  completed ${fmt(achieved)} commands/s; scheduler lag max ${fmt(maxLagMs, 1)} ms; CPU ${fmt(cpuMs, 2)} ms per command and read (app, load generator and Postgres), ${machineLoad()}`,
    );
    return [
      {
        figure: `command to visible at ${rate} cmd/s (Postgres, in-process app)`,
        measured: `p50 ${fmt(s.p50, 1)} ms, p95 ${fmt(s.p95, 1)} ms, p99 ${fmt(s.p99, 1)} ms; ${stale} stale, ${failures.length} failed of ${outcomes.length}; completed ${fmt(achieved)}/s; CPU ${fmt(cpuMs, 2)} ms/command`,
        target: "p50 <= 15 ms, p99 <= 60 ms",
        limit: "-",
        verdict: verdict(s.p50 <= 15 && s.p99 <= 60 && stale === 0 && failures.length === 0),
      },
    ];
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(
    textTable(await benchCommandToVisible({ rate: Number(process.argv[2] ?? 200), durationMs: Number(process.argv[3] ?? 20) * 1000 })),
  );
}
