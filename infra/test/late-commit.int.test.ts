import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import type { EventStore } from "../src/event-store/event-store.ts";
import { migrate } from "../src/db/migrations.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { START_POSITION } from "../src/event-store/position.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../testing/test-database.ts";
import { EVENTUALLY } from "../testing/eventually.ts";

const hasPostgres = await postgresAvailable();
const metadata = JSON.stringify({ actor: "system", at: "2026-11-21T10:00:00.000Z", commandId: "raw", correlationId: "raw" });

const leadCreated = (leadId: string) => leadCreatedEvent(leadId).data;

/** Inserts one event on a client that may hold its transaction open; returns its stream and global position. */
async function insertEvent(client: pg.Client) {
  const leadId = randomUUID();
  const streamId = `lead-${leadId}`;
  await client.query("INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, 'lead', 1)", [streamId]);
  const { rows } = await client.query<{ global_position: string }>(
    `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
     VALUES ($1, 1, $2, 'LeadCreated', 1, $3::jsonb, $4::jsonb) RETURNING global_position`,
    [streamId, randomUUID(), JSON.stringify(leadCreated(leadId)), metadata],
  );
  return { streamId, globalPosition: BigInt(rows[0]!.global_position) };
}

/** A follower of the log as the projector is: read pages after its checkpoint until none is left. */
function ourReader(store: EventStore) {
  let checkpoint = START_POSITION;
  const delivered: string[] = [];
  return {
    delivered,
    async poll() {
      for (
        let page = await store.readAll({ after: checkpoint, limit: 100 });
        page.length > 0;
        page = await store.readAll({ after: checkpoint, limit: 100 })
      ) {
        delivered.push(...page.map((e) => e.streamId));
        checkpoint = page.at(-1)!.position;
      }
    },
  };
}

/** The query we must not use: order and checkpoint by global_position alone. */
function naiveReader(db: TestDatabase["db"]) {
  let checkpoint = "0";
  const delivered: string[] = [];
  return {
    delivered,
    async poll() {
      const { rows } = await db.query<{ stream_id: string; global_position: string }>(
        "SELECT stream_id, global_position FROM events WHERE global_position > $1 ORDER BY global_position",
        [checkpoint],
      );
      delivered.push(...rows.map((r) => r.stream_id));
      if (rows.length > 0) checkpoint = rows.at(-1)!.global_position;
    },
  };
}

// PGlite has one connection, so a second writer cannot commit while the first holds its transaction open.
describe.skipIf(!hasPostgres)("late commits on Postgres (needs a server: PGlite has one connection and serializes transactions)", () => {
  let database: TestDatabase;
  let store: EventStore;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await migrate(database.db, eventStoreMigrations);
    store = createPostgresEventStore(database.db);
  });
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await database?.drop();
  });

  async function connect() {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  it("never delivers an event that commits after a later one was read, and delivers both exactly once", async () => {
    const writerA = await connect();
    await writerA.query("BEGIN");
    const a = await insertEvent(writerA);
    const writerB = await connect();
    const b = await insertEvent(writerB);
    expect(a.globalPosition < b.globalPosition).toBe(true);

    const ours = ourReader(store);
    const naive = naiveReader(database.db);
    await ours.poll();
    await naive.poll();
    expect(ours.delivered).toEqual([]); // B committed, but A (lower position) is still open
    expect(naive.delivered).toEqual([b.streamId]);

    await writerA.query("COMMIT");
    await vi.waitFor(async () => {
      await ours.poll();
      expect(ours.delivered).toEqual([a.streamId, b.streamId]);
    }, EVENTUALLY);
    await naive.poll();
    // The naive follower moved its checkpoint past A while A was open: A is lost for good.
    expect(naive.delivered).toEqual([b.streamId]);
    await ours.poll();
    expect(ours.delivered).toEqual([a.streamId, b.streamId]);
  });

  it("is not held back by a transaction open in another database of the same server", async () => {
    const neighbour = await createTestDatabase("postgres");
    const other = new pg.Client({ connectionString: neighbour.url });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_current_xact_id()"); // an open write elsewhere, older than ours
      const reader = ourReader(store);
      await reader.poll();
      const writer = await connect();
      const { streamId } = await insertEvent(writer);
      await reader.poll();
      expect(reader.delivered.at(-1)).toBe(streamId);
      expect(await store.currentPosition()).toBe((await store.readAll({ after: START_POSITION, limit: 1_000 })).at(-1)!.position);
    } finally {
      await other.end();
      await neighbour.drop();
    }
  });

  it("delivers every event exactly once while many writers commit out of order", async () => {
    const reader = ourReader(store);
    await reader.poll();
    const before = reader.delivered.length;
    const writers = await Promise.all(Array.from({ length: 6 }, () => connect()));
    const written: string[] = [];
    let writing = true;
    const polling = (async () => {
      while (writing) await reader.poll();
    })();
    await Promise.all(
      writers.map(async (client) => {
        for (let i = 0; i < 15; i++) {
          await client.query("BEGIN");
          const { streamId } = await insertEvent(client);
          await client.query("SELECT pg_sleep($1)", [Math.random() * 0.02]);
          await client.query("COMMIT");
          written.push(streamId);
        }
      }),
    );
    writing = false;
    await polling;
    await vi.waitFor(async () => {
      await reader.poll();
      expect(reader.delivered.length - before).toBeGreaterThanOrEqual(written.length);
    }, EVENTUALLY);
    const fresh = reader.delivered.slice(before);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect([...fresh].sort()).toEqual([...written].sort());
  });
});
