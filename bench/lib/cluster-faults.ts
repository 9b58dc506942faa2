// What a crash costs many instances behind haproxy, for bench/cluster.ts: how long the read models wait
// when a projector dies, and whether a command service's death loses or doubles an acknowledged command.
import { randomUUID } from "node:crypto";
import type { Database } from "@crm/infra/db/database";
import { projectionLockHolders } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import type { AppCluster } from "./app-cluster.ts";
import { closedLoop } from "./closed-loop.ts";
import { jsonClient, type JsonAnswer, type JsonClient } from "./json-client.ts";
import { changeLeadBody, createLeadBody } from "./lead-data.ts";
import { verdict, type Figure } from "./report.ts";
import { fmt, range } from "./stats.ts";

/** One command: its answer when it counts as done, undefined when it does not (and the pair stops). */
export type Send = (method: string, path: string, body: unknown) => Promise<JsonAnswer | undefined>;

/** The representative work: create a lead, then change it (two commands). */
export async function createThenChange(send: Send): Promise<void> {
  const created = await send("POST", "/api/leads", createLeadBody());
  if (created) await send("PATCH", `/api/leads/${String(created.json.id)}`, changeLeadBody());
}

/** Clients whose commands flow while a projector is killed. */
const HAND_OVER_CLIENTS = 4;
const WITHIN_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The application_name of a projector holding a read model's lock (projectionLockHolders), polled until one does. */
async function projectorHoldingLock(db: Database): Promise<string> {
  const end = Date.now() + WITHIN_MS;
  while (Date.now() < end) {
    const [holder] = await projectionLockHolders(db, ALL_PROJECTIONS.map((p) => p.name));
    if (holder) return holder;
  }
  throw new Error(`no projector took a read model's lock within ${WITHIN_MS / 1_000} s`);
}

/** Until every read model's checkpoint is at or past `position` (positions compare as strings, as the projector compares them). */
async function checkpointsPast(db: Database, position: string): Promise<void> {
  const end = Date.now() + WITHIN_MS;
  while (Date.now() < end) {
    const { rows } = await db.query<{ position: string }>("SELECT position FROM public.projection_checkpoints");
    if (rows.length >= ALL_PROJECTIONS.length && rows.every((r) => r.position >= position)) return;
    await sleep(2);
  }
  throw new Error(`the read models did not pass ${position} within ${WITHIN_MS / 1_000} s`);
}

/** A new lead through haproxy; its position in the log. */
async function probe(http: JsonClient): Promise<string> {
  const answer = await http("POST", "/api/leads", createLeadBody());
  if (answer.status !== 201) throw new Error(`POST /api/leads: ${answer.status}`);
  return String(answer.json.position);
}

/**
 * One hand-over: under commands, a probe's way to every read model without a kill, then the projector
 * holding a lock killed and a probe sent at once, timed from the kill. A new projector replaces it.
 */
async function handOver(cluster: AppCluster): Promise<{ quietMs: number; handOverMs: number }> {
  const db = cluster.database.db;
  const load = jsonClient(cluster.url, cluster.token);
  const probes = jsonClient(cluster.url, cluster.token);
  const send: Send = (method, path, body) => load(method, path, body).catch(() => undefined);
  let flowing = true;
  const workers = Promise.all(
    Array.from({ length: HAND_OVER_CLIENTS }, async () => {
      while (flowing) await createThenChange(send);
    }),
  );
  try {
    await sleep(1_000);
    const sentAt = performance.now();
    await checkpointsPast(db, await probe(probes));
    const quietMs = performance.now() - sentAt;
    const victim = cluster.projectors.get(await projectorHoldingLock(db));
    if (!victim) throw new Error("the lock is held by a connection of no projector of this cluster");
    const killedAt = performance.now();
    const killed = cluster.kill(victim);
    await checkpointsPast(db, await probe(probes));
    const handOverMs = performance.now() - killedAt;
    await killed;
    return { quietMs, handOverMs };
  } finally {
    flowing = false;
    await workers;
    load.close();
    probes.close();
    await cluster.addProjector();
  }
}

/** `trials` hand-overs, one figure: the median with min and max. */
export async function handOverFigure(cluster: AppCluster, trials: number): Promise<Figure> {
  const quiet: number[] = [];
  const handOvers: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const { quietMs, handOverMs } = await handOver(cluster);
    quiet.push(quietMs);
    handOvers.push(handOverMs);
    console.log(`  trial ${trial + 1}: ${fmt(handOverMs)} ms from the kill (without a kill: ${fmt(quietMs)} ms)`);
  }
  return {
    figure: `projector hand-over: of 2 projectors, the one holding a read model's lock killed (kill -9) under ${HAND_OVER_CLIENTS} clients' commands; until every read model passed a command sent right after`,
    measured: `${range(handOvers)} ms`,
    target: "—",
    limit: `the same command's way to every read model without a kill: ${range(quiet)} ms`,
    verdict: "info",
  };
}

const DRILL_CLIENTS = 16;

/**
 * Of the commands sent (each key once), those acknowledged but not in the log and those appended more
 * than once. An append is one transaction, and carries its command's Idempotency-Key as the command
 * id of its events: a command applied twice has events of two transactions or two streams.
 */
async function auditLog(db: Database, keys: readonly string[], acknowledged: ReadonlySet<string>) {
  const { rows } = await db.query<{ lost: number; twice: number }>(
    `SELECT count(*) FILTER (WHERE acknowledged AND appends = 0)::int AS lost, count(*) FILTER (WHERE appends > 1 OR streams > 1)::int AS twice
     FROM (SELECT s.key, s.acknowledged, count(DISTINCT e.transaction_id::text) AS appends, count(DISTINCT e.stream_id) AS streams
           FROM unnest($1::text[], $2::boolean[]) AS s(key, acknowledged)
           LEFT JOIN events e ON e.metadata->>'commandId' = s.key
           GROUP BY s.key, s.acknowledged) AS per_command`,
    [keys, keys.map((key) => acknowledged.has(key))],
  );
  return rows[0]!;
}

/** haproxy's counters of its command backend: attempts retried, retries sent to another server, and the 2xx the second server passed on. */
async function commandCounters(cluster: AppCluster): Promise<[number, number, number]> {
  const servers = (await cluster.haproxy.servers()).filter((row) => row.pxname === "commands");
  const sum = (column: string) => servers.reduce((total, row) => total + (Number(row[column]) || 0), 0);
  return [sum("wretr"), sum("wredis"), Number(servers.find((row) => row.svname === "command2")?.hrsp_2xx) || 0];
}

/**
 * The drill: DRILL_CLIENTS clients create and change leads through haproxy for durationMs, each command
 * with an Idempotency-Key of its own, and the second command service is killed (kill -9) halfway.
 */
export async function drillFigures(cluster: AppCluster, durationMs: number): Promise<Figure[]> {
  const http = jsonClient(cluster.url, cluster.token);
  const keys: string[] = [];
  const acknowledged = new Set<string>();
  const refused = new Map<string, number>();
  const send: Send = async (method, path, body) => {
    const key = randomUUID();
    keys.push(key);
    const answer = await http(method, path, body, { "Idempotency-Key": key }).catch(() => undefined);
    const outcome = answer === undefined ? "no answer" : answer.status < 300 ? undefined : String(answer.status);
    if (outcome === undefined) acknowledged.add(key);
    else refused.set(outcome, (refused.get(outcome) ?? 0) + 1);
    return outcome === undefined ? answer : undefined;
  };
  const victim = cluster.commands[1]!;
  const before = await commandCounters(cluster);
  const killing = sleep(durationMs / 2).then(() => cluster.kill(victim));
  try {
    await closedLoop(DRILL_CLIENTS, durationMs, () => createThenChange(send), 0);
  } finally {
    await killing;
    http.close();
  }
  const after = await commandCounters(cluster);
  const [retried, redispatched, killedAnswered] = after.map((n, i) => n - before[i]!) as [number, number, number];
  const { lost, twice } = await auditLog(cluster.database.db, keys, acknowledged);
  const refusals = [...refused].map(([outcome, n]) => `${n} ${outcome}`).join(", ") || "none";
  console.log(
    `  ${keys.length} commands sent, ${acknowledged.size} acknowledged, refused: ${refusals}; ${lost} acknowledged missing from the log, ${twice} applied twice`,
  );
  const drill = `${DRILL_CLIENTS} clients through haproxy to 2 command services, one killed (kill -9) at ${fmt(durationMs / 2_000, 1)} s of ${fmt(durationMs / 1_000, 1)}`;
  return [
    {
      figure: `acknowledged commands lost: ${drill}`,
      measured: `${lost} of ${acknowledged.size} answered 2xx`,
      target: "0",
      limit: `not answered 2xx: ${refusals}; haproxy retried ${retried} and redispatched ${redispatched}; the killed one had answered ${killedAnswered} 2xx`,
      verdict: verdict(lost === 0 && acknowledged.size > 0 && killedAnswered > 0),
    },
    {
      figure: `commands applied twice: the same drill`,
      measured: `${twice} of ${keys.length} sent`,
      target: "0",
      limit: "each command with its own Idempotency-Key; an append is one transaction",
      verdict: verdict(twice === 0),
    },
  ];
}
