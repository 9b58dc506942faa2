import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Database, Queryable } from "@crm/infra/db/database";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { START_POSITION, encodePosition } from "@crm/infra/event-store/position";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { postgresAvailable } from "@crm/infra/testing/test-database";
import { adoptRestoredEvents, AdoptRefusedError } from "../../src/adopt-restored.ts";
import { startAppOn } from "./support/app-on.ts";
import { adminSql, databaseUrlNamed } from "./support/postgres-admin.ts";
import { READ_MODEL_TABLES } from "./support/read-model-checksum.ts";
import { waitForReadModels, writeSampleData } from "./support/sample-data.ts";
import { ROOT } from "./support/service-process.ts";

const run = promisify(execFile);
const hasPostgres = await postgresAvailable();

/** How far ahead of this server's transaction counter the "foreign" server's was. */
const FOREIGN_LEAD = "8589934592"; // 2^33

const crm = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", "server/src/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
  });

interface LoggedEvent {
  id: string;
  stream: string;
  version: number;
  global: string;
  position: string;
}

/** Every event in the order readers saw it on the original server. */
async function eventsInLogOrder(q: Queryable): Promise<LoggedEvent[]> {
  const { rows } = await q.query<{ id: string; stream: string; version: number; global: string; position: string }>(
    `SELECT event_id AS id, stream_id AS stream, stream_version AS version, global_position::text AS global,
            lpad(transaction_id::text, 20, '0') || '-' || lpad(global_position::text, 20, '0') AS position
     FROM events ORDER BY transaction_id, global_position`,
  );
  return rows;
}

/**
 * md5 per table of its rows with every log position's transaction part dropped (and events' transaction_id),
 * the one thing that moving to another server may change.
 */
async function positionFreeChecksums(q: Queryable): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of [...READ_MODEL_TABLES, "events", "streams"]) {
    const { rows } = await q.query<{ n: string; sum: string }>(
      `SELECT count(*) AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS sum
       FROM (SELECT regexp_replace((to_jsonb(t) - 'transaction_id')::text, '\\d{20}-(\\d{20})', 'T-\\1', 'g') AS r FROM public.${table} t) s`,
    );
    sums[table] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return sums;
}

/** Every stored position outside the read models: idempotency answers and checkpoints, by what holds them. */
async function storedPositions(q: Queryable): Promise<Record<string, string>> {
  const { rows } = await q.query<{ key: string; position: string }>(
    `SELECT 'command ' || command_id AS key, position FROM commands WHERE position IS NOT NULL
     UNION ALL SELECT 'projection ' || name, position FROM projection_checkpoints
     UNION ALL SELECT 'reactor ' || name, position FROM reactor_checkpoints`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.position]));
}

/**
 * Where a stored position must land, worked out on the original log: the newest event below the first one it had
 * not passed (for a position without a concurrent transaction across it, the event it named), START staying START.
 */
function adoptedPosition(log: LoggedEvent[], position: string): string {
  if (position === START_POSITION) return position;
  const globals = (events: LoggedEvent[]) => events.map((e) => BigInt(e.global));
  const unread = globals(log.filter((e) => e.position > position));
  const firstUnread = unread.length > 0 ? unread.reduce((a, b) => (a < b ? a : b)) : undefined;
  const passed = globals(log).filter((g) => firstUnread === undefined || g < firstUnread);
  return passed.length > 0 ? encodePosition("1", passed.reduce((a, b) => (a > b ? a : b)).toString()) : START_POSITION;
}

/** What a dump restored on a server whose counter is 2^33 behind the original's looks like: every id in its future. */
async function moveIntoTheFuture(q: Queryable): Promise<void> {
  await q.query(`UPDATE events SET transaction_id = (transaction_id::text::numeric + ${FOREIGN_LEAD})::text::xid8`);
  const { rows } = await q.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name IN ('position', 'first_position') AND data_type = 'text'`,
  );
  expect(rows.map((r) => r.table_name)).toEqual(
    expect.arrayContaining(["commands", "projection_checkpoints", "reactor_checkpoints", "activities"]),
  );
  for (const { table_name: table, column_name: column } of rows) {
    await q.query(
      `UPDATE ${table} SET ${column} = lpad((split_part(${column}, '-', 1)::numeric + ${FOREIGN_LEAD})::text, 20, '0') || '-' || split_part(${column}, '-', 2)
       WHERE ${column} <> $1`,
      [START_POSITION],
    );
  }
}

/** The whole log through readAll, waiting while an unrelated open transaction on the shared server holds readers back. */
async function readWholeLog(db: Database, count: number): Promise<RecordedEvent[]> {
  const store = createPostgresEventStore(db);
  const read: RecordedEvent[] = [];
  const deadline = Date.now() + 30_000;
  while (read.length < count && Date.now() < deadline) {
    const batch = await store.readAll({ after: read.at(-1)?.position ?? START_POSITION, limit: 1_000 });
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    read.push(...batch);
  }
  return read;
}

describe.skipIf(!hasPostgres)("pg_restore onto a server whose transaction counter is behind (crm events adopt-restored)", () => {
  const suffix = randomBytes(4).toString("hex");
  const sourceName = `restore_helper_source_${suffix}`;
  const restoredName = `restore_helper_restored_${suffix}`;
  const restoredUrl = databaseUrlNamed(restoredName);
  let work: string;
  let original: LoggedEvent[];
  let originalSums: Record<string, string>;
  let originalPositions: Record<string, string>;
  let probeFrom: number;
  let db: Database;

  /**
   * A reactor checkpoint halfway through the log, at an event whose predecessors in log order are exactly the
   * events with smaller global positions (no concurrent transaction straddles it), so what follows it is exact.
   */
  function probeIndex(events: LoggedEvent[]): number {
    const sorted = events.map((e) => BigInt(e.global)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = Math.floor(events.length / 2); i < events.length - 1; i++) {
      if (events.slice(0, i + 1).every((e) => BigInt(e.global) <= sorted[i]!)) return i;
    }
    throw new Error("no probe point");
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "crm-restore-foreign-"));
    await adminSql(`CREATE DATABASE ${sourceName}`);
    const sourceUrl = databaseUrlNamed(sourceName);
    const app = await startAppOn(sourceUrl);
    try {
      await writeSampleData(app);
      await waitForReadModels(app);
    } finally {
      await app.close();
    }
    const source = createPostgresDatabase(sourceUrl);
    try {
      original = await eventsInLogOrder(source);
      originalSums = await positionFreeChecksums(source);
      originalPositions = await storedPositions(source);
      probeFrom = probeIndex(original);
      await source.query("INSERT INTO reactor_checkpoints (name, position) VALUES ('restore-probe', $1)", [original[probeFrom]!.position]);
      originalPositions["reactor restore-probe"] = original[probeFrom]!.position;
    } finally {
      await source.close();
    }
    const dump = path.join(work, "crm.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, sourceUrl]);
    await run("createdb", [`--maintenance-db=${sourceUrl}`, restoredName]);
    await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);
    db = createPostgresDatabase(restoredUrl);
    await moveIntoTheFuture(db);
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    for (const name of [sourceName, restoredName]) await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(work, { recursive: true, force: true });
  });

  it("the restored log is invisible to readers until adopted (the documented check prints f)", async () => {
    expect(original.length).toBeGreaterThan(10);
    const { rows } = await db.query<{ ok: boolean }>("SELECT coalesce(max(transaction_id) < pg_current_xact_id(), true) AS ok FROM events");
    expect(rows[0]!.ok).toBe(false);
    expect(await createPostgresEventStore(db).readAll({ after: START_POSITION, limit: 10 })).toEqual([]);
  });

  it("refuses while a reactor holds its lease, and changes nothing", async () => {
    await db.query(
      "UPDATE reactor_checkpoints SET owner = 'other', lease_until = now() + interval '1 minute' WHERE name = 'restore-probe'",
    );
    await expect(adoptRestoredEvents(db)).rejects.toThrow(AdoptRefusedError);
    await db.query("UPDATE reactor_checkpoints SET owner = NULL, lease_until = NULL WHERE name = 'restore-probe'");
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE transaction_id < '${FOREIGN_LEAD}'`);
    expect(rows[0]!.n).toBe("0");
  });

  it("crm events adopt-restored makes the log readable in stream order, and a second run has nothing to do", async () => {
    const { stdout } = await crm(["events", "adopt-restored"], { DATABASE_URL: restoredUrl, DATA_DIR: work });
    expect(stdout).toContain(`Adopted ${original.length} events`);
    const read = await readWholeLog(db, original.length);
    expect(read.map((e) => e.eventId)).toEqual([...original].sort((a, b) => Number(BigInt(a.global) - BigInt(b.global))).map((e) => e.id));
    const versions = new Map<string, number>();
    for (const event of read) {
      expect(event.streamVersion).toBe((versions.get(event.streamId) ?? 0) + 1);
      versions.set(event.streamId, event.streamVersion);
    }
    const again = await crm(["events", "adopt-restored"], { DATABASE_URL: restoredUrl, DATA_DIR: work });
    expect(again.stdout).toContain("Nothing to adopt");
  }, 60_000);

  it("moved every idempotency answer to its event's new position, and every checkpoint past exactly the events it had passed", async () => {
    expect(await storedPositions(db)).toEqual(
      Object.fromEntries(
        Object.entries(originalPositions).map(([key, position]) => [
          key,
          key.startsWith("command ") ? encodePosition("1", position.split("-")[1]!) : adoptedPosition(original, position),
        ]),
      ),
    );
  });

  it("crm projections rebuild then gives the original read models", async () => {
    await crm(["projections", "rebuild"], { DATABASE_URL: restoredUrl, DATA_DIR: work });
    expect(await positionFreeChecksums(db)).toEqual(originalSums);
  }, 120_000);

  it("a new event is read after every restored one, and a reactor delivers exactly what it had not, new event included", async () => {
    const store = createPostgresEventStore(db);
    const messageId = randomUUID();
    const metadata = { actor: "user-1", at: new Date().toISOString(), commandId: randomUUID(), correlationId: "c" };
    const appended = await store.append(
      `message-${messageId}`,
      0,
      [{ type: "SmsRequested", data: { messageId, leadId: randomUUID(), to: "+15551234567", body: "after the move" } }],
      { commandId: metadata.commandId, metadata },
    );
    const read = await readWholeLog(db, original.length + 1);
    expect(read.at(-1)).toMatchObject({ streamId: `message-${messageId}`, position: appended.position });
    expect(read.slice(0, -1).every((e) => e.position < appended.position)).toBe(true);

    const delivered: string[] = [];
    const probe = createReactorRunner({
      db,
      store,
      reactor: { name: "restore-probe", handles: () => true, handle: async (event) => void delivered.push(event.eventId) },
    });
    const deadline = Date.now() + 30_000;
    while (delivered.at(-1) !== read.at(-1)!.eventId && Date.now() < deadline) await probe.runOnce();
    const expected = read.slice(read.findIndex((e) => e.eventId === original[probeFrom]!.id) + 1).map((e) => e.eventId);
    expect(delivered).toEqual(expected);
    expect(await probe.runOnce()).toBe(0);
    expect(delivered).toEqual(expected);
  }, 60_000);
});
