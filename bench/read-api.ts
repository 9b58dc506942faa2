/**
 * Read API latency with many leads and a long log: board, lead page (lead + activities +
 * meetings, fetched together as the page does), stats, recent activity and search, over HTTP
 * against the app in its own process, each beside a plain Postgres query returning the same rows
 * (the limit), alternating 1 s slices of both at the same concurrency.
 */
import { Agent, request } from "node:http";
import { createGunzip } from "node:zlib";
import { BOARD_PAGE, LEAD_STAGES } from "@crm/contracts/lead/lead";
import type { Database } from "@crm/infra/db/database";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { messagingReactors } from "@crm/command-service/reactors/start-reactors";
import { loadConfig } from "@crm/infra/config";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { closedLoop, type ClosedLoopResult } from "./lib/closed-loop.ts";
import { pick } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, processCpuSeconds, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt, summarize } from "./lib/stats.ts";

export interface ReadBenchOptions {
  /** A database whose log is seeded and read models built (see rebuild.ts). */
  db: Database;
  databaseUrl: string;
  connections: number;
  durationMs: number;
  /** What the data set is, for the table (e.g. "10,000 leads, 1.0M events"). */
  label: string;
  port?: number;
  log?: (line: string) => void;
  /** Only these endpoints (by name), e.g. for the growth runs; all by default. */
  only?: (name: string) => boolean;
  /** Each endpoint's p95 and its plain query's, as numbers (the growth table). */
  onMeasured?: (endpoint: string, apiP95: number, limitP95: number, cost: ReadCost) => void;
}

interface Endpoint {
  name: string;
  /** Moves a card every this many ms while measuring, so the board's rendered list goes stale. */
  movesEveryMs?: number;
  http: (get: (path: string) => Promise<void>, leadId: string, term: string) => Promise<unknown>;
  limit: (q: Database, leadId: string, term: string) => Promise<unknown>;
}

const STAGES = [...LEAD_STAGES];
/** The board's rows: each column's count and its first page of leads, in rank order. */
const BOARD_SQL = `SELECT s.stage, c.total, l.* FROM unnest($1::text[]) AS s(stage)
  CROSS JOIN LATERAL (SELECT count(*) AS total FROM leads WHERE stage = s.stage) c
  LEFT JOIN LATERAL (SELECT * FROM leads WHERE stage = s.stage ORDER BY rank, id LIMIT $2) l ON true`;
const ALL_LEADS_SQL = `SELECT * FROM leads ORDER BY array_position($1::text[], stage), rank, id`;

const board: Omit<Endpoint, "name"> = { http: (get) => get("/api/leads/board"), limit: (q) => q.query(BOARD_SQL, [STAGES, BOARD_PAGE]) };

const ENDPOINTS: Endpoint[] = [
  { name: "board (GET /api/leads/board)", ...board },
  { name: "board, a card moved every 100 ms", ...board, movesEveryMs: 100 },
  {
    name: "all leads (GET /api/leads, the CSV export)",
    http: (get) => get("/api/leads"),
    limit: (q) => q.query(ALL_LEADS_SQL, [STAGES]),
  },
  {
    name: "lead page (lead + activities + meetings)",
    http: (get, id) => Promise.all([get(`/api/leads/${id}`), get(`/api/activities?leadId=${id}`), get(`/api/meetings?leadId=${id}`)]),
    limit: (q, id) =>
      Promise.all([
        q.query("SELECT * FROM leads WHERE id = $1", [id]),
        q.query("SELECT * FROM activities WHERE lead_id = $1 ORDER BY position DESC LIMIT 100", [id]),
        q.query("SELECT * FROM meetings WHERE lead_id = $1 ORDER BY start_time, id", [id]),
      ]),
  },
  {
    name: "stats (GET /api/stats)",
    http: (get) => get("/api/stats"),
    limit: (q) =>
      q.query(
        "SELECT count(*) FILTER (WHERE stage = 'New Lead'), count(*) FILTER (WHERE stage = 'Contract Sent'), count(*) FILTER (WHERE creative_director_id IS NOT NULL) FROM leads",
      ),
  },
  {
    name: "recent activity (GET /api/activities/recent)",
    http: (get) => get("/api/activities/recent?limit=10"),
    limit: (q) => q.query("SELECT * FROM activities ORDER BY position DESC LIMIT 10"),
  },
  {
    name: "search (GET /api/leads?search=)",
    http: (get, _id, term) => get(`/api/leads?search=${encodeURIComponent(term)}`),
    limit: (q, _id, term) =>
      q.query(`SELECT * FROM leads WHERE search LIKE $1 ORDER BY array_position($2::text[], stage), rank, id`, [`%${term}%`, STAGES]),
  },
];

/** Moves random leads to random stages every `everyMs` until stopped (the board's read model keeps changing). */
function mover(app: AppProcess, token: string, ids: string[], everyMs: number) {
  const timer = setInterval(() => {
    void fetch(`${app.url}/api/leads/${pick(ids)}/move`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ stage: pick(STAGES) }),
    }).then((res) => res.arrayBuffer());
  }, everyMs);
  return () => clearInterval(timer);
}

/**
 * The unzipped answer comes in pieces of up to 1 MB, counted and let go, as a browser's decoder
 * feeds its parser. The default 16 KB pieces would hop between threads ~300 times for 5 MB of
 * leads. One buffer for the whole answer (zlib's gunzip() with a chunk sized to it) made the client
 * write the answer twice into fresh memory once it outgrew a chunk (two 32 MB chunks, then their
 * concatenation, at 100,000 leads), and fresh memory costs some 4 ms per MB on these machines: the
 * client's unzip grew x21 for x10 the bytes, and was counted as the API's latency.
 */
const UNZIP_PIECE = 1024 * 1024;

/**
 * GET with the bearer token over node:http with keep-alive, gzip accepted and unzipped as it
 * arrives, as a browser does; the body is read in full, anything but 200 is an error. Not fetch:
 * undici's stream machinery took 40-55 ms to hand over a 4.7 MB board that zlib unzips in 10, and
 * that client cost would be counted as the API's. Unzipped on libuv's pool, as each of several
 * browsers would on its own: unzipping in turn on this one event loop made each answer wait for
 * the others'.
 */
function getter(app: AppProcess, token: string, agent: Agent, etags: Set<string>, bytes: Bytes) {
  return (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        `${app.url}${path}`,
        { agent, headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" } },
        (res) => {
          if (typeof res.headers.etag === "string") etags.add(res.headers.etag);
          const done = () => (res.statusCode === 200 ? resolve() : reject(new Error(`GET ${path}: ${res.statusCode}`)));
          res.on("error", reject);
          res.on("data", (chunk: Buffer) => (bytes.wire += chunk.length));
          const body = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip({ chunkSize: UNZIP_PIECE })) : res;
          body
            .on("data", (chunk: Buffer) => (bytes.json += chunk.length))
            .on("error", reject)
            .on("end", done);
        },
      );
      req.on("error", reject);
      req.end();
    });
}

/** Bytes of the answers read: as they came over the wire (gzipped) and unzipped. */
interface Bytes {
  wire: number;
  json: number;
}

/**
 * What one API read cost, in CPU milliseconds of the app's process, of this client and of the
 * Postgres backends, with the bytes of its answer: CPU time per read moves far less than latency
 * when other work shares the machine, so two trees compare on it even on a busy one.
 */
export interface ReadCost {
  appMs: number;
  clientMs: number;
  postgresMs: number;
  wireKb: number;
  jsonKb: number;
}

/** Alternating 1 s slices of the API and the plain query, for durationMs each. */
async function measure(
  endpoint: Endpoint,
  n: number,
  durationMs: number,
  get: (path: string) => Promise<void>,
  q: Database,
  ids: string[],
  app: AppProcess,
  bytes: Bytes,
) {
  const api: ClosedLoopResult[] = [];
  const limit: ClosedLoopResult[] = [];
  const spent = { app: 0, client: 0, postgres: 0, wire: 0, json: 0 };
  const term = () => `lead${1 + Math.floor(Math.random() * ids.length)}@`;
  for (let done = 0; done < durationMs; done += 1_000) {
    // Only the first slice warms up: a request slower than a slice (a 100,000-lead board) would
    // otherwise always be the uncounted warm-up one.
    const warmupMs = done === 0 ? 200 : 0;
    const [app0, client0, postgres, wire0, json0] = [
      processCpuSeconds(app.pid),
      cpuSeconds(),
      await serverCpuMeter(q),
      bytes.wire,
      bytes.json,
    ];
    api.push(await closedLoop(n, 1_000, () => endpoint.http(get, pick(ids), term()), warmupMs));
    // The warm-up's reads are in these sums too, so they are divided by every read run (runs).
    spent.app += processCpuSeconds(app.pid) - app0;
    spent.client += cpuSeconds() - client0;
    spent.postgres += await postgres();
    spent.wire += bytes.wire - wire0;
    spent.json += bytes.json - json0;
    limit.push(await closedLoop(n, 1_000, () => endpoint.limit(q, pick(ids), term()), warmupMs));
  }
  const sum = (rs: ClosedLoopResult[]) => ({
    ...summarize(rs.flatMap((r) => r.latenciesMs)),
    errors: rs.reduce((s, r) => s + r.errors, 0),
    first: rs.find((r) => r.firstError)?.firstError,
  });
  const reads = api.reduce((total, r) => total + r.runs, 0);
  const cost: ReadCost = {
    appMs: (spent.app * 1000) / reads,
    clientMs: (spent.client * 1000) / reads,
    postgresMs: (spent.postgres * 1000) / reads,
    wireKb: spent.wire / 1024 / reads,
    jsonKb: spent.json / 1024 / reads,
  };
  return { api: sum(api), limit: sum(limit), cost };
}

/**
 * The reactors the app runs on this configuration (each follows the log from a checkpoint under
 * its name), asked of the app's own list rather than written down here: a reactor added later
 * and missing from a list here would catch up through the whole seeded log during the
 * measurement. Their adapters are never used: the reactors are only named.
 */
function reactorNames(db: Database, databaseUrl: string): string[] {
  const idle = { transport: "outbox" as const, send: () => Promise.reject(new Error("the bench sends nothing")) };
  const { reactors, close } = messagingReactors({
    db,
    store: createPostgresEventStore(db),
    config: loadConfig({ ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl }),
    now: () => new Date(),
    mailer: { ...idle, close: () => undefined },
    smsSender: idle,
  });
  close();
  return reactors.map((reactor) => reactor.name);
}

/**
 * The seeded history counts as handled by the reactors, as in a running deployment. Without their
 * checkpoints the app would spend the measurement catching them up through the whole log from its
 * first event (and trying to deliver every seeded mail), which is a start-up cost, not a read's.
 */
async function reactorsCaughtUp(db: Database, databaseUrl: string) {
  const head = await createPostgresEventStore(db).currentPosition();
  await db.query(
    `INSERT INTO reactor_checkpoints (name, position) SELECT unnest($1::text[]), $2
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
    [reactorNames(db, databaseUrl), head],
  );
}

/** Starts the app on the given database and measures each endpoint beside its plain query. */
export async function benchReadApi({
  db,
  databaseUrl,
  connections,
  durationMs,
  label,
  port = 5120,
  log = console.log,
  only = () => true,
  onMeasured,
}: ReadBenchOptions): Promise<Figure[]> {
  const token = await partnerToken(db, databaseUrl);
  await reactorsCaughtUp(db, databaseUrl);
  const app = await startAppProcess({ port, databaseUrl });
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const q = createPostgresDatabase(databaseUrl, { max: connections + 2 });
  try {
    const ids = (await q.query<{ id: string }>("SELECT id FROM leads")).rows.map((r) => r.id);
    // Distinct entity tags per endpoint: how many versions of a cached list the reads were served.
    const etags = new Set<string>();
    const bytes: Bytes = { wire: 0, json: 0 };
    const get = getter(app, token, agent, etags, bytes);
    log(`read API (${label}), ${connections} connections, ${durationMs / 1000} s each alternating with the plain query, ${machineLoad()}`);
    const figures: Figure[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => only(e.name))) {
      etags.clear();
      const stopMoving = endpoint.movesEveryMs ? mover(app, token, ids, endpoint.movesEveryMs) : undefined;
      const { api, limit, cost } = await measure(endpoint, connections, durationMs, get, q, ids, app, bytes).finally(() => stopMoving?.());
      if (api.first) console.error(`  ${endpoint.name} first error:`, api.first);
      log(
        `  ${endpoint.name}: p50 ${fmt(api.p50, 1)} ms p95 ${fmt(api.p95, 1)} ms (n=${api.count}, errors ${api.errors}${etags.size ? `, ${etags.size} versions` : ""}); plain query p50 ${fmt(limit.p50, 1)} ms p95 ${fmt(limit.p95, 1)} ms`,
      );
      log(
        `    CPU per read: app ${fmt(cost.appMs, 2)} ms, client ${fmt(cost.clientMs, 2)} ms, Postgres ${fmt(cost.postgresMs, 2)} ms; answer ${fmt(cost.wireKb, 1)} KB on the wire, ${fmt(cost.jsonKb, 1)} KB of JSON`,
      );
      onMeasured?.(endpoint.name, api.p95, limit.p95, cost);
      figures.push({
        figure: `read ${endpoint.name} (${label}, ${connections} conn)`,
        measured: `p50 ${fmt(api.p50, 1)} ms, p95 ${fmt(api.p95, 1)} ms, p99 ${fmt(api.p99, 1)} ms${api.errors ? `, ${api.errors} errors` : ""}`,
        target: "p95 <= 50 ms",
        limit: `plain SQL p50 ${fmt(limit.p50, 1)} ms, p95 ${fmt(limit.p95, 1)} ms (API x${fmt(api.p95 / limit.p95, 1)})`,
        verdict: verdict(api.p95 <= 50 && api.errors === 0),
      });
    }
    log(`  app RSS ${fmt(app.rssMb())} MB, ${machineLoad()}`);
    return figures;
  } finally {
    agent.destroy();
    await q.close();
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  const { benchRebuild } = await import("./rebuild.ts");
  const [events = 100_000, leads = 10_000, seconds = 3] = process.argv.slice(2).map(Number);
  const figures = await benchRebuild({
    backend: "postgres",
    events,
    leads,
    target: 50_000,
    after: (test, label) => benchReadApi({ db: test.db, databaseUrl: test.url!, connections: 4, durationMs: seconds * 1000, label }),
  });
  console.log(textTable(figures));
}
