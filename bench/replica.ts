/**
 * Reads from a hot standby (issue 42; README, "Read replicas"), on a primary and a standby of the bench's
 * own (scripts/pg-sandbox.mjs, fsync on), the app in its own process with READ_DATABASE_URL:
 *
 * 1. Replica lag under 500 commands/s (half create, half stage change), with 50 probes/s each read back
 *    from the standby with X-Min-Position:
 *    - Postgres's own replay_lag of the standby (pg_stat_replication), sampled every 100 ms;
 *    - the read models' lag: every 5 ms the least checkpoint is read on the primary and on the standby;
 *      for each primary sample, the time until the standby's checkpoint had passed it;
 *    - the probes' command to visible, read from the standby.
 * 2. Reads per second, the same app reading from the standby and (restarted without READ_DATABASE_URL) from
 *    the primary, on the same data in the same sitting: CLIENTS clients in a closed loop, each reading one of
 *    the leads by id (GET /api/leads/:id, a query each).
 *
 * Each figure is the median of the rounds with min and max beside it. Usage:
 *   npx tsx bench/replica.ts [seconds per slice=15] [rounds=3]
 */
import pg from "pg";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { onServer, replicaPairUnavailable, startReplicaPair, type ReplicaPair } from "@crm/server/testing/replica-pair";
import { commandOnly, commandThenRead, latenciesOf, openLoop, type Clients } from "./command-to-visible.ts";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { closedLoop } from "./lib/closed-loop.ts";
import { jsonClient, type JsonClient } from "./lib/json-client.ts";
import { pick } from "./lib/lead-data.ts";
import { cpuTimes, machineLoad, processesCpuMeter, stealPercentSince } from "./lib/machine.ts";
import { markdownTable, textTable, verdict, writeResults, type Figure } from "./lib/report.ts";
import { fmt, median, percentile, range, summarize } from "./lib/stats.ts";

const SLICE_MS = Number(process.argv[2] ?? 15) * 1_000;
const ROUNDS = Number(process.argv[3] ?? 3);
const COMMANDS_PER_SECOND = 500;
const PROBES_PER_SECOND = 50;
const CLIENTS = 16;
const PORT = 5170;
const SAMPLE_MS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU milliseconds per operation. */
interface Cpu {
  app: number;
  postgres: number;
}

interface Round {
  replayLagMs: number[];
  checkpointLagMs: number[];
  probes: { p50: number; p99: number; stale: number; failed: number };
  /** The same load's probes read back from an app that reads from the primary, in the same round. */
  primaryProbes: Round["probes"];
  commandsPerSecond: number;
  /** Per command: the app, the primary's backends, and replication (the WAL sender, the standby's receiver and replay). */
  commandCpu: Cpu & { replication: number };
  /** WAL the primary wrote per command: what a standby receives and replays. */
  walBytesPerCommand: number;
  reads: Record<"replica" | "primary", { perSecond: number; cpu: Cpu }>;
}

/**
 * Runs one query every everyMs on a connection of its own until stopped, and keeps what `take` makes of
 * each answer (an undefined is not kept), in order.
 */
function sampleEvery<R, T>(url: string, everyMs: number, sql: string, take: (rows: R[]) => T | undefined) {
  const client = new pg.Client({ connectionString: url });
  const samples: T[] = [];
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const sample = take((await client.query(sql)).rows as R[]);
      if (sample !== undefined) samples.push(sample);
      await sleep(everyMs);
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

/** The least checkpoint of a database every SAMPLE_MS: [ms, position]. */
const sampleCheckpoints = (url: string) =>
  sampleEvery(url, SAMPLE_MS, "SELECT min(position) AS least FROM projection_checkpoints", (rows: { least: string }[]): [number, string] => [
    performance.now(),
    rows[0]!.least,
  ]);

/** Postgres's replay_lag of the standby in ms, every 100 ms (null while nothing is to replay: not kept). */
const sampleReplayLag = (primaryUrl: string) =>
  sampleEvery(primaryUrl, 100, "SELECT extract(epoch FROM replay_lag) * 1000 AS ms FROM pg_stat_replication", (rows: { ms: number | null }[]) =>
    rows[0]?.ms === null || rows[0]?.ms === undefined ? undefined : Number(rows[0].ms),
  );

/**
 * CPU seconds used from the call on, by the server processes of `url` that `where` picks from
 * pg_stat_activity (backends of a database, the standby's replay, the primary's WAL sender).
 */
const serverProcessesCpu = (url: string, where: string) =>
  processesCpuMeter(async () =>
    (await onServer(url, `SELECT pid FROM pg_stat_activity WHERE ${where} AND pid <> pg_backend_pid()`)).rows.map((r) => Number(r.pid)),
  );

/** The primary's WAL insert position, in bytes. */
const walPosition = async (url: string): Promise<number> =>
  Number((await onServer(url, "SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn AS bytes")).rows[0]!.bytes);

const BACKENDS = "datname = 'crm'";
const REPLAY = "backend_type IN ('startup', 'walreceiver')";
const SENDER = "backend_type = 'walsender'";

/** For each primary sample, how long until the standby's checkpoint had passed it (samples never passed are left out). */
function checkpointLags(primary: [number, string][], standby: [number, string][]): number[] {
  const lags: number[] = [];
  let j = 0; // both only move forward: times and positions rise
  for (const [at, position] of primary) {
    while (j < standby.length && (standby[j]![0] < at || standby[j]![1] < position)) j++;
    if (j === standby.length) break;
    lags.push(standby[j]![0] - at);
  }
  return lags;
}

/** COMMANDS_PER_SECOND of commands and PROBES_PER_SECOND of probes read back, for ms, against an app. */
function loadOf(http: JsonClient, leads: string[]) {
  const clients: Clients = { commands: http, reads: http };
  return (ms: number) =>
    Promise.all([
      openLoop(COMMANDS_PER_SECOND, ms, (i, at) => commandOnly(clients, leads, i, at)),
      openLoop(PROBES_PER_SECOND, ms, (i, at) => commandThenRead(clients, leads, i, at)),
    ]);
}

type Outcomes = Awaited<ReturnType<ReturnType<typeof loadOf>>>;

function probesOf([background, probes]: Outcomes): Round["probes"] {
  const latencies = summarize(latenciesOf(probes.outcomes));
  const failed = [...background.outcomes, ...probes.outcomes].filter((o) => o.failed).length;
  return { p50: latencies.p50, p99: latencies.p99, stale: probes.outcomes.filter((o) => o.stale).length, failed };
}

/** The same load against an app that reads from the primary: the probes' peer. */
async function probesOnPrimary(app: AppProcess, token: string): Promise<Round["probes"]> {
  const http = jsonClient(app.url, token);
  try {
    const run = loadOf(http, []);
    await run(2_000);
    return probesOf(await run(SLICE_MS));
  } finally {
    http.close();
  }
}

async function lagSlice(pair: ReplicaPair, primaryUrl: string, standbyUrl: string, app: AppProcess, token: string) {
  const http = jsonClient(app.url, token);
  const leads: string[] = [];
  const run = loadOf(http, leads);
  try {
    await run(2_000);
    const walBefore = await walPosition(pair.primary.url);
    const app0 = app.cpuSeconds();
    const backends = await serverProcessesCpu(pair.primary.url, BACKENDS);
    const replication = [await serverProcessesCpu(pair.primary.url, SENDER), await serverProcessesCpu(pair.standby.url, REPLAY)];
    const onPrimary = sampleCheckpoints(primaryUrl);
    const onStandby = sampleCheckpoints(standbyUrl);
    const replay = sampleReplayLag(pair.primary.url);
    const started = performance.now();
    const outcomes = await run(SLICE_MS);
    const seconds = (performance.now() - started) / 1_000;
    const [background, probes] = outcomes;
    await sleep(200);
    const commands = background.outcomes.length + probes.outcomes.length;
    const walBytesPerCommand = ((await walPosition(pair.primary.url)) - walBefore) / commands;
    const perCommand = (cpuSeconds: number) => (cpuSeconds / commands) * 1_000;
    // The samplers' own queries are on these servers too: a few per 5 ms, counted in, and small beside the load.
    const commandCpu = {
      app: perCommand(app.cpuSeconds() - app0),
      postgres: perCommand(await backends()),
      replication: perCommand((await replication[0]!()) + (await replication[1]!())),
    };
    const checkpointLagMs = checkpointLags(await onPrimary.stop(), await onStandby.stop());
    const replayLagMs = await replay.stop();
    return {
      replayLagMs,
      checkpointLagMs,
      commandsPerSecond: commands / seconds,
      commandCpu,
      walBytesPerCommand,
      probes: probesOf(outcomes),
      leads,
    };
  } finally {
    http.close();
  }
}

/** Reads per second, and CPU per read of the app and of the backends of the server that answers them (`serverUrl`). */
async function reads(app: AppProcess, serverUrl: string, token: string, leads: readonly string[]): Promise<{ perSecond: number; cpu: Cpu }> {
  const http = jsonClient(app.url, token);
  const read = async () => {
    const answer = await http("GET", `/api/leads/${pick(leads)}`);
    if (answer.status !== 200) throw new Error(`GET ${answer.status}`);
  };
  try {
    await closedLoop(CLIENTS, 1_000, read, 0); // warm-up: JIT, the pool's connections
    const app0 = app.cpuSeconds();
    const backends = await serverProcessesCpu(serverUrl, BACKENDS);
    const result = await closedLoop(CLIENTS, SLICE_MS, read, 0);
    if (result.errors > 0) throw new Error(`${result.errors} reads failed: ${String(result.firstError)}`);
    const perRead = (cpuSeconds: number) => (cpuSeconds / result.runs) * 1_000;
    return { perSecond: result.operations / result.seconds, cpu: { app: perRead(app.cpuSeconds() - app0), postgres: perRead(await backends()) } };
  } finally {
    http.close();
  }
}

async function round(index: number): Promise<Round> {
  const pair = await startReplicaPair({ durable: true });
  const apps: AppProcess[] = [];
  try {
    await onServer(pair.primary.url, "CREATE DATABASE crm");
    const primaryUrl = pair.primary.url.replace(/\/postgres$/, "/crm");
    const standbyUrl = pair.standby.url.replace(/\/postgres$/, "/crm");
    const db = createPostgresDatabase(primaryUrl);
    const token = await partnerToken(db, primaryUrl);
    await db.close();
    const start = (replica: boolean) =>
      startAppProcess({ port: PORT, databaseUrl: primaryUrl, ...(replica ? { env: { READ_DATABASE_URL: standbyUrl } } : {}) });
    const onReplica = await start(true);
    apps.push(onReplica);
    const lag = await lagSlice(pair, primaryUrl, standbyUrl, onReplica, token);
    await onReplica.stop();
    const onPrimary = await start(false);
    apps.push(onPrimary);
    const primaryProbes = await probesOnPrimary(onPrimary, token);
    await onPrimary.stop();
    // Reads from a freshly started app each, in another order each round: drift on this shared machine falls on both.
    const measured: Partial<Round["reads"]> = {};
    for (const where of index % 2 === 0 ? (["replica", "primary"] as const) : (["primary", "replica"] as const)) {
      const app = await start(where === "replica");
      apps.push(app);
      measured[where] = await reads(app, where === "replica" ? pair.standby.url : pair.primary.url, token, lag.leads);
      await app.stop();
    }
    const { replica, primary } = measured as Round["reads"];
    const lagSummary = (ms: number[]) => `p50 ${fmt(percentile([...ms].sort((a, b) => a - b), 50), 1)} ms, p99 ${fmt(percentile([...ms].sort((a, b) => a - b), 99), 1)} ms`;
    console.log(
      `  round ${index + 1}: ${fmt(lag.commandsPerSecond)} commands/s; replay lag ${lagSummary(lag.replayLagMs)} (${lag.replayLagMs.length} samples); read-model lag ${lagSummary(lag.checkpointLagMs)} (${lag.checkpointLagMs.length} samples); probes from the standby p50 ${fmt(lag.probes.p50, 1)} ms, p99 ${fmt(lag.probes.p99, 1)} ms, ${lag.probes.stale} stale, ${lag.probes.failed} failed, from the primary p50 ${fmt(primaryProbes.p50, 1)} ms, p99 ${fmt(primaryProbes.p99, 1)} ms; CPU ms/command: app ${fmt(lag.commandCpu.app, 2)}, primary backends ${fmt(lag.commandCpu.postgres, 2)}, replication ${fmt(lag.commandCpu.replication, 2)}; WAL ${fmt(lag.walBytesPerCommand)} bytes/command; reads/s from the standby ${fmt(replica.perSecond)} (CPU ms/read: app ${fmt(replica.cpu.app, 2)}, Postgres ${fmt(replica.cpu.postgres, 2)}), from the primary ${fmt(primary.perSecond)} (app ${fmt(primary.cpu.app, 2)}, Postgres ${fmt(primary.cpu.postgres, 2)})`,
    );
    return { ...lag, primaryProbes, reads: { replica, primary } };
  } finally {
    await Promise.all(apps.map((app) => app.stop().catch(() => undefined)));
    await pair.destroy();
  }
}

async function main() {
  const unavailable = replicaPairUnavailable();
  if (unavailable) throw new Error(unavailable);
  const since = cpuTimes();
  const started = performance.now();
  console.log(`replica bench: ${SLICE_MS / 1_000} s slices, ${ROUNDS} rounds; ${machineLoad()}`);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(i));
  const p = (pick: (r: Round) => number[], q: number) => rounds.map((r) => percentile([...pick(r)].sort((a, b) => a - b), q));
  const figures: Figure[] = [
    {
      figure: `standby replay lag (pg_stat_replication.replay_lag) under ${COMMANDS_PER_SECOND} commands/s + ${PROBES_PER_SECOND} probes/s`,
      measured: `p50 ${range(p((r) => r.replayLagMs, 50), 1)} ms, p99 ${range(p((r) => r.replayLagMs, 99), 1)} ms`,
      target: "—",
      limit: `completed ${range(rounds.map((r) => r.commandsPerSecond))} commands/s`,
      verdict: "info",
    },
    {
      figure: "read models' lag on the standby: a primary checkpoint until the standby's passes it (sampled every 5 ms)",
      measured: `p50 ${range(p((r) => r.checkpointLagMs, 50), 1)} ms, p99 ${range(p((r) => r.checkpointLagMs, 99), 1)} ms`,
      target: "—",
      limit: "includes up to 5 ms of sampling",
      verdict: "info",
    },
    {
      figure: `command to visible, ${PROBES_PER_SECOND} probes/s under ${COMMANDS_PER_SECOND} commands/s, read back from the standby`,
      measured: `p50 ${range(rounds.map((r) => r.probes.p50), 1)} ms, p99 ${range(rounds.map((r) => r.probes.p99), 1)} ms; ${rounds.reduce((s, r) => s + r.probes.stale, 0)} stale, ${rounds.reduce((s, r) => s + r.probes.failed, 0)} failed`,
      target: "none stale, none failed",
      limit: `read back from the primary (an app without READ_DATABASE_URL, same load, same round): p50 ${range(rounds.map((r) => r.primaryProbes.p50), 1)} ms, p99 ${range(rounds.map((r) => r.primaryProbes.p99), 1)} ms`,
      verdict: verdict(rounds.every((r) => r.probes.stale === 0 && r.probes.failed === 0)),
    },
    {
      figure: `CPU per command under ${COMMANDS_PER_SECOND} commands/s + ${PROBES_PER_SECOND} probes/s (each probe read back)`,
      measured: `app ${range(rounds.map((r) => r.commandCpu.app), 2)} ms, primary's backends ${range(rounds.map((r) => r.commandCpu.postgres), 2)} ms`,
      target: "—",
      limit: `replication (WAL sender, the standby's receiver and replay) ${range(rounds.map((r) => r.commandCpu.replication), 2)} ms; WAL ${range(rounds.map((r) => r.walBytesPerCommand))} bytes per command`,
      verdict: "info",
    },
    ...(["replica", "primary"] as const).map(
      (where): Figure => ({
        figure: `reads/s, ${CLIENTS} clients reading leads by id, from the ${where === "replica" ? "standby" : "primary"}`,
        measured: `${range(rounds.map((r) => r.reads[where].perSecond))}/s; CPU per read: app ${range(rounds.map((r) => r.reads[where].cpu.app), 2)} ms, Postgres ${range(rounds.map((r) => r.reads[where].cpu.postgres), 2)} ms`,
        target: "—",
        limit:
          where === "replica"
            ? `${fmt((median(rounds.map((r) => r.reads.replica.perSecond)) / median(rounds.map((r) => r.reads.primary.perSecond))) * 100)} % of the primary's, same sitting`
            : "the peer",
        verdict: "info",
      }),
    ),
  ];
  const steal = `steal ${fmt(stealPercentSince(since), 1)} %`;
  console.log(`\n${textTable(figures)}\n${machineLoad()}, ${steal}; the run took ${fmt((performance.now() - started) / 1_000)} s`);
  const file = writeResults(
    `# Reads from a hot standby (issue 42)\n\n${new Date().toISOString()}, ${machineLoad()}, ${steal} over the run; \`npx tsx bench/replica.ts ${SLICE_MS / 1_000} ${ROUNDS}\`. A primary and a standby of the bench's own on this machine (fsync on), the app in one process.\n\n${markdownTable(figures)}\n`,
    new Date(),
    ["issue-42-replica"],
  );
  console.log(`written to ${file}`);
}

await main();
