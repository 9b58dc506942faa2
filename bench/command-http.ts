/**
 * The full command path over HTTP (session check, validation, load, decide, append) with
 * autocannon at 32 connections: create lead, then change stage (POST /api/leads/:id/move to
 * another stage). The app runs in its own process on a fresh Postgres database, twice: as the
 * command service alone (its deployment as a service of its own, server/src/main.ts
 * command-service; the read models catch up afterwards), and as the whole app, whose projector
 * and reactors share the same two cores while the commands run. Beside both: the limit, a bare
 * node:http server that records each POST with one INSERT commit (lib/http-limit-server.ts).
 */
import os from "node:os";
import autocannon, { type Request, type Result } from "autocannon";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { migrate } from "@crm/infra/db/migrations";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { partnerToken } from "./lib/bearer.ts";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { describeFlushes, startDiskFlushProbe, type DiskFlushes } from "./lib/disk-flush.ts";
import { createLeadBody, pick } from "./lib/lead-data.ts";
import { LIMIT_EVENTS_DDL } from "./lib/limit-events.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt } from "./lib/stats.ts";
import type { Database } from "@crm/infra/db/database";

export interface CommandHttpOptions {
  connections: number;
  durationSeconds: number;
  port?: number;
  log?: (line: string) => void;
}

type Mode = "command-service" | "all";

const MODE_NAMES: Record<Mode, string> = {
  "command-service": "command service alone",
  all: "whole app: commands, projector, reactors",
};

const TARGET_RATE = 3_000;
const TARGET_P99 = 50;

/** Creates a lead with a fresh body each time. */
export const createRequest = (): Request => ({
  method: "POST",
  path: "/api/leads",
  setupRequest: (req) => ({ ...req, body: JSON.stringify(createLeadBody()) }),
});

/** Moves a random lead of `ids` to a random stage (a stage change, or a reorder when it is already there). */
const moveRequest = (ids: readonly string[]): Request => ({
  method: "POST",
  setupRequest: (req) => {
    return { ...req, path: `/api/leads/${pick(ids)}/move`, body: JSON.stringify({ stage: pick(LEAD_STAGES) }) };
  },
});

/** Leads whose stage changes are measured. */
const MOVED_LEADS = 5_000;

/**
 * Stage changes of the leads created so far: `measured` moves up to 5,000 of them, `warmUp` others
 * (up to 5,000 more, or the same when there are no others), so that warming up the move's code
 * leaves the measured leads as a long-running process finds old leads, their states not kept.
 */
export async function movesOfCreatedLeads(db: Database): Promise<{ measured: Request; warmUp: Request }> {
  const { rows } = await db.query<{ stream_id: string }>(
    `SELECT stream_id FROM streams WHERE stream_type = 'lead' LIMIT ${2 * MOVED_LEADS}`,
  );
  const ids = rows.map((r) => r.stream_id.slice("lead-".length));
  const others = ids.slice(MOVED_LEADS);
  return { measured: moveRequest(ids.slice(0, MOVED_LEADS)), warmUp: moveRequest(others.length > 0 ? others : ids) };
}

export interface Run {
  result: Result;
  /** Where the CPU went, ms per command: load generator, app (commands + projector), Postgres. */
  cpuMs: { client: number; app: number; postgres: number };
  /** The disk's flushes meanwhile: its stalls hold every commit. */
  disk: DiskFlushes;
}

/** One autocannon run, with client + app + Postgres CPU time per command. */
export async function run(
  app: Pick<AppProcess, "url" | "cpuSeconds">,
  db: Database,
  token: string,
  request: Request,
  connections: number,
  duration: number,
): Promise<Run> {
  const client0 = cpuSeconds();
  const app0 = app.cpuSeconds();
  const server = await serverCpuMeter(db);
  const flushProbe = startDiskFlushProbe();
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const result = await autocannon({ url: app.url, connections, duration, headers, requests: [request] });
  const parts = { client: cpuSeconds() - client0, app: app.cpuSeconds() - app0, postgres: await server() };
  const disk = await flushProbe.stop(db);
  const perCommand = (s: number) => (s / Math.max(1, result.requests.total)) * 1000;
  return { result, cpuMs: { client: perCommand(parts.client), app: perCommand(parts.app), postgres: perCommand(parts.postgres) }, disk };
}

const cpuMsPerCommand = ({ cpuMs }: Run) => cpuMs.client + cpuMs.app + cpuMs.postgres;

/** "CPU 1.15 ms/cmd (client 0.15, app 0.68, postgres 0.31)", with `more` inside the parenthesis. */
const cpuText = (measured: Run, more = "") => {
  const split = Object.entries(measured.cpuMs).map(([k, v]) => `${k} ${fmt(v, 2)}`);
  return `CPU ${fmt(cpuMsPerCommand(measured), 2)} ms/cmd (${split.join(", ")}${more})`;
};

/** CPU milliseconds the machine's cores give each second. */
const CORE_MS_PER_SECOND = os.cpus().length * 1000;

/** The rate the machine's cores would allow if this work had them to itself. */
const cpuBound = (cpuMs: number) => CORE_MS_PER_SECOND / cpuMs;

/**
 * The app's CPU per command that the cores leave at the target rate once the load generator and
 * Postgres have had theirs: below zero, no app could reach the target on this machine.
 */
const appBudgetAtTarget = ({ cpuMs }: Run) => CORE_MS_PER_SECOND / TARGET_RATE - cpuMs.client - cpuMs.postgres;

export const rateOf = ({ result }: Run) => result.requests.total / result.duration;

function figureOf(name: string, connections: number, mode: Mode, measured: Run, limit: Run): Figure {
  const { result, disk } = measured;
  const rate = rateOf(measured);
  const bad = result.non2xx + result.errors;
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, s]) => `${code}: ${s.count}`)
    .join(", ");
  return {
    figure: `HTTP ${name}, ${connections} connections (Postgres, ${MODE_NAMES[mode]})`,
    measured: `${fmt(rate)} cmd/s, p50 ${fmt(result.latency.p50, 1)} ms, p99 ${fmt(result.latency.p99, 1)} ms; ${bad} errors/non-2xx (${codes}); ${cpuText(measured, `; CPU-bound estimate ${fmt(cpuBound(cpuMsPerCommand(measured)))} cmd/s; at ${fmt(TARGET_RATE)}/s the cores leave the app ${fmt(appBudgetAtTarget(measured), 2)} ms/cmd`)}`,
    target: `>= ${fmt(TARGET_RATE)} cmd/s, p99 <= ${TARGET_P99} ms`,
    limit: `bare HTTP + INSERT ${fmt(rateOf(limit))}/s (${fmt((rate / rateOf(limit)) * 100)}%), CPU ${fmt(cpuMsPerCommand(limit), 2)} ms/cmd; during this run ${describeFlushes(disk)}`,
    verdict: verdict(rate >= TARGET_RATE && result.latency.p99 <= TARGET_P99 && bad === 0),
  };
}

/** The limit: a bare HTTP server that records each POSTed lead with one INSERT commit. */
async function benchLimit({ connections, durationSeconds, port = 5110, log = console.log }: CommandHttpOptions): Promise<Run> {
  const test = await createTestDatabase("postgres");
  let server: AppProcess | undefined;
  try {
    await migrate(test.db, ALL_MIGRATIONS);
    await test.db.exec(LIMIT_EVENTS_DDL);
    server = await startAppProcess({ port, databaseUrl: test.url!, entry: "bench/lib/http-limit-server.ts" });
    await run(server, test.db, "", createRequest(), connections, 2); // warm-up
    const limit = await run(server, test.db, "", createRequest(), connections, durationSeconds);
    log(
      `HTTP limit (node:http, JSON body, one INSERT commit, ${connections} connections): ${fmt(rateOf(limit))}/s, p50 ${fmt(limit.result.latency.p50, 1)} ms, p99 ${fmt(limit.result.latency.p99, 1)} ms; ${limit.result.non2xx + limit.result.errors} errors/non-2xx; ${cpuText(limit)}; ${describeFlushes(limit.disk)}`,
    );
    return limit;
  } finally {
    await server?.stop();
    await test.drop();
  }
}

/** Starts the app (one mode) on a fresh database, then measures create lead and change stage, each after a warm-up of its own. */
async function benchMode(
  mode: Mode,
  limit: Run,
  { connections, durationSeconds, port = 5110, log = console.log }: CommandHttpOptions,
): Promise<Figure[]> {
  const test = await createTestDatabase("postgres");
  let app: AppProcess | undefined;
  try {
    const token = await partnerToken(test.db, test.url!);
    app = await startAppProcess({ port, databaseUrl: test.url!, mode });
    await run(app, test.db, token, createRequest(), connections, 2); // warm-up: JIT, pools, leads to move
    log(`HTTP commands (${MODE_NAMES[mode]}) with autocannon, ${connections} connections, ${durationSeconds} s each, ${machineLoad()}`);
    const create = await run(app, test.db, token, createRequest(), connections, durationSeconds);
    const moves = await movesOfCreatedLeads(test.db);
    await run(app, test.db, token, moves.warmUp, connections, 2); // the move's code warmed up as the create's was
    const move = await run(app, test.db, token, moves.measured, connections, durationSeconds);
    const figures = [figureOf("create lead", connections, mode, create, limit), figureOf("change stage", connections, mode, move, limit)];
    for (const f of figures) log(`  ${f.figure}: ${f.measured}; beside it: ${f.limit}`);
    log(`  app RSS ${fmt(app.rssMb())} MB, ${machineLoad()}`);
    return figures;
  } finally {
    await app?.stop();
    await test.drop();
  }
}

/** The limit, then the command path as its own service, then inside the whole app. */
export async function benchCommandHttp(options: CommandHttpOptions): Promise<Figure[]> {
  const limit = await benchLimit(options);
  return [...(await benchMode("command-service", limit, options)), ...(await benchMode("all", limit, options))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  console.log(textTable(await benchCommandHttp({ connections: 32, durationSeconds: Number(process.argv[2] ?? 10) })));
}
