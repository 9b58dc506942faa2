/**
 * Many instances behind haproxy on one machine (issue 41; README, "Scale out"), on the machine's Postgres:
 *
 * 1. Commands per second through haproxy to 1, 2 and 3 command services (with one read API and one
 *    projector), against the whole app in one process without haproxy, in the same sitting: CLIENTS
 *    clients in a closed loop, each creating a lead, then changing it. On two cores more instances cannot
 *    be faster; what they cost is told by the CPU time per command of the app's processes, of haproxy and
 *    of the database's backends, from the start of the measured slice until the read models have caught
 *    up with its commands. Each slice runs on a fresh database with fresh processes, the setups in
 *    another order each round, so that drift on this shared machine falls on all of them.
 * 2. Projector hand-over (bench/lib/cluster-faults.ts): two projectors; under commands, the one holding
 *    a read model's lock is killed (kill -9), timed until every read model passes a command sent right
 *    after the kill. Beside it, the same command's way without a kill.
 * 3. A drill (bench/lib/cluster-faults.ts): 16 clients through haproxy to two command services, one
 *    killed (kill -9) halfway: the commands answered 2xx missing from the log, and those applied twice.
 *
 * Each figure is the median of the rounds with min and max beside it. Usage:
 *   npx tsx bench/cluster.ts [seconds per slice=15] [rounds=3]
 */
import type { Database } from "@crm/infra/db/database";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { haproxyUnavailable, type Haproxy } from "../scripts/haproxy.mjs";
import { readModelsCaughtUp, startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { startAppCluster } from "./lib/app-cluster.ts";
import { partnerToken } from "./lib/bearer.ts";
import { closedLoop } from "./lib/closed-loop.ts";
import { createThenChange, drillFigures, handOverFigure, type Send } from "./lib/cluster-faults.ts";
import { jsonClient } from "./lib/json-client.ts";
import { cpuSeconds, cpuTimes, machineLoad, processCpuSeconds, serverCpuMeter, stealPercentSince } from "./lib/machine.ts";
import { markdownTable, textTable, writeResults, type Figure } from "./lib/report.ts";
import { fmt, median, range } from "./lib/stats.ts";

const SLICE_MS = Number(process.argv[2] ?? 15) * 1_000;
const ROUNDS = Number(process.argv[3] ?? 3);
const CLIENTS = 16;
/** Load before each measured slice, so that freshly started processes are past their JIT warm-up. */
const WARMUP_MS = 2_000;
const CAUGHT_UP_WITHIN_MS = 60_000;
/** haproxy listens here and the instances on the ports after it; the single process on PORT + 10. */
const PORT = 5150;

/** A setup: the whole app in one process (0 command services), or that many command services behind haproxy. */
const SETUPS = [0, 1, 2, 3] as const;
const label = (commands: number) =>
  commands === 0
    ? "the app in one process (mode all), no haproxy"
    : `${commands} command service${commands > 1 ? "s" : ""}, 1 read API, 1 projector behind haproxy`;

/** What a slice runs against and how its CPU time is read. */
interface Target {
  url: string;
  token: string;
  /** The process whose GET /api/health tells when the read models caught up. */
  reads: AppProcess;
  processes: AppProcess[];
  haproxy?: Haproxy;
  db: Database;
  stop(): Promise<void>;
}

interface Slice {
  commandsPerSecond: number;
  failed: number;
  /** CPU milliseconds per command. */
  cpu: { app: number; haproxy: number; postgres: number; client: number };
}

async function startSetup(commands: number): Promise<Target> {
  if (commands > 0) {
    const cluster = await startAppCluster({ commands, projectors: 1, port: PORT });
    return { ...cluster, processes: cluster.processes(), db: cluster.database.db };
  }
  const database = await createTestDatabase("postgres");
  try {
    const token = await partnerToken(database.db, database.url!);
    const app = await startAppProcess({ port: PORT + 10, databaseUrl: database.url! });
    const stop = async () => {
      await app.stop();
      await database.drop();
    };
    return { url: app.url, token, reads: app, processes: [app], db: database.db, stop };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** CPU seconds since the call, of the target's app processes, its haproxy, its database's backends and this process. */
async function cpuMeter(target: Target) {
  const apps = () => target.processes.reduce((sum, app) => sum + app.cpuSeconds(), 0);
  const proxy = () => (target.haproxy ? processCpuSeconds(target.haproxy.child.pid!) : 0);
  const before = { app: apps(), haproxy: proxy(), client: cpuSeconds() };
  const postgres = await serverCpuMeter(target.db);
  return async () => ({ app: apps() - before.app, haproxy: proxy() - before.haproxy, client: cpuSeconds() - before.client, postgres: await postgres() });
}

/** One measured slice: warm-up, the read models caught up, then SLICE_MS of load and its CPU time until they caught up again. */
async function slice(target: Target): Promise<Slice> {
  const http = jsonClient(target.url, target.token);
  const send: Send = async (method, path, body) => {
    const answer = await http(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer;
  };
  try {
    const op = () => createThenChange(send);
    await closedLoop(CLIENTS, WARMUP_MS, op, 0);
    await readModelsCaughtUp(target.reads, CAUGHT_UP_WITHIN_MS);
    const meter = await cpuMeter(target);
    const result = await closedLoop(CLIENTS, SLICE_MS, op, 0);
    await readModelsCaughtUp(target.reads, CAUGHT_UP_WITHIN_MS);
    const used = await meter();
    if (result.operations === 0) throw new Error(`no command went through: ${String(result.firstError)}`);
    const commands = 2 * result.operations;
    const perCommand = (seconds: number) => (seconds / commands) * 1_000;
    return {
      commandsPerSecond: commands / result.seconds,
      failed: result.errors,
      cpu: { app: perCommand(used.app), haproxy: perCommand(used.haproxy), postgres: perCommand(used.postgres), client: perCommand(used.client) },
    };
  } finally {
    http.close();
  }
}

/** ROUNDS rounds of one slice per setup, each round starting one setup further on. */
async function measureSetups(): Promise<Map<number, Slice[]>> {
  const slices = new Map<number, Slice[]>(SETUPS.map((commands) => [commands, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < SETUPS.length; i++) {
      const commands = SETUPS[(round + i) % SETUPS.length]!;
      const startedAt = performance.now();
      const target = await startSetup(commands);
      const startSeconds = (performance.now() - startedAt) / 1_000;
      try {
        const s = await slice(target);
        slices.get(commands)!.push(s);
        console.log(
          `  round ${round + 1}, ${label(commands)} (started in ${fmt(startSeconds, 1)} s): ${fmt(s.commandsPerSecond)} commands/s${s.failed ? ` (${s.failed} pairs failed)` : ""}; CPU ms/command: app ${fmt(s.cpu.app, 2)}, haproxy ${fmt(s.cpu.haproxy, 2)}, Postgres ${fmt(s.cpu.postgres, 2)}, load generator ${fmt(s.cpu.client, 2)}`,
        );
      } finally {
        await target.stop();
      }
    }
  }
  return slices;
}

function setupFigures(slices: Map<number, Slice[]>): Figure[] {
  const of = (commands: number, pick: (s: Slice) => number) => slices.get(commands)!.map(pick);
  const single = { rate: median(of(0, (s) => s.commandsPerSecond)), app: median(of(0, (s) => s.cpu.app)) };
  return SETUPS.flatMap((commands): Figure[] => {
    const rates = of(commands, (s) => s.commandsPerSecond);
    const app = of(commands, (s) => s.cpu.app);
    const total = of(commands, (s) => s.cpu.app + s.cpu.haproxy + s.cpu.postgres);
    const failed = of(commands, (s) => s.failed).reduce((a, b) => a + b, 0);
    const peer = (value: number, of1: number, digits: number) =>
      commands === 0 ? "the peer of the rows below" : `one process: ${fmt(of1, digits)} (this is ${fmt((value / of1) * 100)} % of it)`;
    return [
      {
        figure: `commands/s, ${CLIENTS} clients each creating a lead then changing it: ${label(commands)}`,
        measured: `${range(rates)}/s${failed ? `; ${failed} pairs failed` : ""}`,
        target: "—",
        limit: peer(median(rates), single.rate, 0),
        verdict: "info",
      },
      {
        figure: `CPU per command, ${label(commands)}`,
        measured: `app ${range(app, 2)} ms`,
        target: "—",
        limit: `${peer(median(app), single.app, 2)}; haproxy ${range(of(commands, (s) => s.cpu.haproxy), 2)} ms, Postgres backends ${range(of(commands, (s) => s.cpu.postgres), 2)} ms, the three ${range(total, 2)} ms; load generator ${range(of(commands, (s) => s.cpu.client), 2)} ms`,
        verdict: "info",
      },
    ];
  });
}

async function main() {
  const unavailable = haproxyUnavailable();
  if (unavailable) throw new Error(unavailable);
  const since = cpuTimes();
  const started = performance.now();
  console.log(`cluster bench: ${SLICE_MS / 1_000} s slices, ${ROUNDS} rounds, ${CLIENTS} clients; ${machineLoad()}`);
  console.log("1. commands/s and CPU per command, one process against 1, 2 and 3 command services behind haproxy");
  const figures = setupFigures(await measureSetups());
  const cluster = await startAppCluster({ commands: 2, projectors: 2, port: PORT });
  try {
    console.log("2. projector hand-over");
    figures.push(await handOverFigure(cluster, ROUNDS));
    console.log("3. drill: a command service killed under load");
    figures.push(...(await drillFigures(cluster, SLICE_MS)));
  } finally {
    await cluster.stop();
  }
  const steal = `steal ${fmt(stealPercentSince(since), 1)} %`;
  console.log(`\n${textTable(figures)}\n${machineLoad()}, ${steal}; the run took ${fmt((performance.now() - started) / 1_000)} s`);
  const file = writeResults(
    `# Many instances behind haproxy (issue 41)\n\n${new Date().toISOString()}, ${machineLoad()}, ${steal} over the run; \`npx tsx bench/cluster.ts ${SLICE_MS / 1_000} ${ROUNDS}\`.\n\n${markdownTable(figures)}\n`,
    new Date(),
    ["issue-41-cluster"],
  );
  console.log(`written to ${file}`);
}

await main();
