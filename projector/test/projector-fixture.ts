import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@crm/contracts/events/registry";
import type { Database, Queryable } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { createTestDatabase, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { checkpointMigrations, loadCheckpoints } from "../src/checkpoints.ts";
import type { Projection } from "../src/projection.ts";

export interface ProjectorFixture extends TestDatabase {
  store: EventStore;
}

/** A fresh database with the event store and checkpoint tables. */
export async function openProjectorFixture(backend: Backend): Promise<ProjectorFixture> {
  const database = await createTestDatabase(backend);
  await migrate(database.db, [...eventStoreMigrations, ...checkpointMigrations]);
  return { ...database, store: createPostgresEventStore(database.db) };
}

const STAGES = ["Contacted", "Meeting Scheduled", "Proposal Sent", "Active"] as const;

/**
 * Appends `count` leads, each created then edited and moved along in later appends, interleaved
 * across leads; answers the ids and the position of the last append.
 */
export async function seedLeads(store: EventStore, count: number, rounds = 3): Promise<{ ids: string[]; position: string }> {
  const ids = Array.from({ length: count }, () => randomUUID());
  let position = "";
  const appendOne = async (leadId: string, version: number, events: DomainEvent[]) => {
    const commandId = randomUUID();
    const result = await store.append(`lead-${leadId}`, version, events, {
      commandId,
      metadata: { actor: "user-1", at: new Date(Date.UTC(2026, 10, 21, 10, version)).toISOString(), commandId, correlationId: commandId },
    });
    if (result.position > position) position = result.position;
  };
  for (const leadId of ids) {
    await appendOne(leadId, 0, [leadCreatedEvent(leadId, { name: `Lead ${leadId.slice(0, 4)}`, business: "Biz", email: "a@b.co" })]);
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, leadId] of ids.entries()) {
      const from = round === 0 ? "New Lead" : STAGES[(round - 1) % STAGES.length]!;
      const to = STAGES[round % STAGES.length]!;
      await appendOne(leadId, 1 + round * 2, [
        { type: "LeadDetailsChanged", data: { leadId, changes: { notes: `round ${round}`, priority: i % 2 ? "high" : "low" } } },
        stageChangedEvent(leadId, from, to),
      ]);
    }
  }
  return { ids, position };
}

/** Every row of a table, in key order, as plain JSON: what two builds of a read model must agree on. */
export async function dumpTable(q: Queryable, table: string): Promise<unknown[]> {
  const { rows } = await q.query(`SELECT * FROM ${table} ORDER BY 1`);
  return JSON.parse(JSON.stringify(rows)) as unknown[];
}

export async function dumpProjections(q: Queryable, projections: readonly Projection[]) {
  const dump: Record<string, unknown[]> = {};
  for (const p of projections) for (const table of p.tables) dump[table] = await dumpTable(q, table);
  return dump;
}

/**
 * Whether every projection's checkpoint has reached target. Compare with the position of your own
 * appends, not with currentPosition(): another test's open transaction on the same database holds
 * the readable head back (READABLE_HORIZON), and an empty head would look "caught up".
 */
export async function caughtUp(db: Database, projections: readonly Projection[], target: string): Promise<boolean> {
  const checkpoints = await loadCheckpoints(db);
  return projections.every((p) => (checkpoints.get(p.name)?.position ?? "") >= target);
}

/** Waits until the log can deliver everything up to target (see caughtUp on the held-back head). */
export async function headReaches(store: EventStore, target: string) {
  const deadline = Date.now() + 20_000;
  while ((await store.currentPosition()) < target) {
    if (Date.now() > deadline) throw new Error(`the log head did not reach ${target}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs batches until every projection has reached target (the log head may lag behind commits). */
export async function drainTo(runner: { runOnce(): Promise<number> }, db: Database, projections: readonly Projection[], target: string) {
  const deadline = Date.now() + 20_000;
  while (!(await caughtUp(db, projections, target))) {
    if (Date.now() > deadline) throw new Error(`projections did not reach ${target}`);
    if ((await runner.runOnce()) === 0) await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A test read model that counts how often each event reached it: applying an event twice shows as
 * times = 2. It can be told to fail after writing half of a batch, like a handler with a bug.
 */
export function countingProjection(name = "event_counts", failures = { remaining: 0 }): Projection {
  return {
    name,
    version: 1,
    tables: [name],
    ddl: `CREATE TABLE ${name} (event_id uuid PRIMARY KEY, stream_id text NOT NULL, times integer NOT NULL)`,
    async apply(tx, events) {
      const half = Math.ceil(events.length / 2);
      await count(tx, name, events.slice(0, half));
      if (failures.remaining > 0) {
        failures.remaining--;
        throw new Error("handler failed in the middle of a batch");
      }
      await count(tx, name, events.slice(half));
    },
    topics: () => [name],
  };
}

async function count(tx: Queryable, table: string, events: readonly { eventId: string; streamId: string }[]) {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO ${table} (event_id, stream_id, times)
     SELECT id, stream, 1 FROM unnest($1::uuid[], $2::text[]) AS e(id, stream)
     ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`,
    [events.map((e) => e.eventId), events.map((e) => e.streamId)],
  );
}
