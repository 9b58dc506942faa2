import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import type { Database } from "../src/db/database.ts";
import { createPostgresDatabase } from "../src/db/postgres-database.ts";
import type { EventStore } from "../src/event-store/event-store.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { EVENTS_CHANNEL } from "../src/event-store/postgres-event-store.migrations.ts";
import { eventStoreFixture } from "../testing/event-store-fixture.ts";
import { postgresAvailable } from "../testing/test-database.ts";
import { EVENTUALLY } from "../testing/eventually.ts";

const hasPostgres = await postgresAvailable();

const metadataFor = (commandId: string) => ({ actor: "user-1", at: "2026-11-21T10:00:00.000Z", commandId, correlationId: commandId });

function appendLead(store: EventStore, commandId = randomUUID()) {
  const leadId = randomUUID();
  return store.append(`lead-${leadId}`, 0, [leadCreatedEvent(leadId)], { commandId, metadata: metadataFor(commandId) });
}

/** Every call a subscriber gets, and the payloads a raw LISTEN on the channel sees meanwhile. */
async function overhear(store: EventStore, db: Database) {
  const heard: (string | undefined)[] = [];
  const raw: string[] = [];
  const unsubscribe = await store.onAppend((position) => heard.push(position));
  const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => raw.push(payload));
  return {
    heard,
    raw,
    async stop() {
      await unsubscribe();
      await unlisten();
    },
  };
}

for (const backend of ["postgres", "pglite"] as const) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`append notices on ${backend}`, () => {
    const fx = eventStoreFixture(backend);

    it("tells a subscriber in this process each appended position once, in order, though its NOTIFY comes back too", async () => {
      const ear = await overhear(fx.store, fx.database.db);
      try {
        const positions: string[] = [];
        for (let i = 0; i < 5; i++) positions.push((await appendLead(fx.store)).position);
        expect(ear.heard).toEqual(positions);
        // The newest position always goes out by NOTIFY, for other processes; here it is not heard twice.
        await vi.waitFor(() => expect(ear.raw.some((payload) => payload.startsWith(positions.at(-1)!))).toBe(true), EVENTUALLY);
        expect(ear.raw.length).toBeLessThanOrEqual(positions.length);
        expect(ear.heard).toEqual(positions);
      } finally {
        await ear.stop();
      }
    });

    it("passes on another process's notice, naming only a position newer than the last one it gave", async () => {
      const ear = await overhear(fx.store, fx.database.db);
      try {
        const { position } = await appendLead(fx.store);
        const older = `${"0".repeat(20)}-${"0".repeat(19)}1`;
        const newer = `${"9".repeat(20)}-${"0".repeat(20)}`;
        await fx.database.db.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, `${older} another-process`]);
        await fx.database.db.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, newer]);
        await vi.waitFor(() => expect(ear.heard).toEqual([position, undefined, newer]), EVENTUALLY);
      } finally {
        await ear.stop();
      }
    });
  });
}

describe.skipIf(!hasPostgres)("append notices between processes on Postgres", () => {
  const fx = eventStoreFixture("postgres");
  let other: Database;
  beforeAll(() => {
    other = createPostgresDatabase(fx.database.url!);
  });
  afterAll(() => other?.close());

  it("wakes a subscriber of another process with the newest position, coalescing a burst of appends", async () => {
    const heard: (string | undefined)[] = [];
    const unsubscribe = await createPostgresEventStore(other).onAppend((position) => heard.push(position));
    try {
      const results = await Promise.all(Array.from({ length: 40 }, () => appendLead(fx.store)));
      const newest = results.map((r) => r.position).sort().at(-1)!;
      await vi.waitFor(() => expect(heard.at(-1)).toBe(newest), EVENTUALLY);
      expect(heard.length).toBeLessThan(results.length);
    } finally {
      await unsubscribe();
    }
  });

  it("answers an append whose command id a concurrent transaction recorded first with that first answer", async () => {
    const leadId = randomUUID();
    const streamId = `lead-${leadId}`;
    const commandId = randomUUID();
    const first = new pg.Client({ connectionString: fx.database.url });
    await first.connect();
    try {
      await first.query("BEGIN");
      const append = {
        stream: streamId,
        type: "lead",
        expected: null,
        command: commandId,
        metadata: metadataFor(commandId),
        events: [{ id: randomUUID(), type: "LeadCreated", schemaVersion: 1, data: leadCreatedEvent(leadId).data }],
      };
      const { rows } = await first.query<{ r_position: string }>("SELECT * FROM crm_append_one($1::jsonb)", [JSON.stringify(append)]);
      // The second append waits for the stream row, then finds the command id taken on commit.
      const second = fx.store.append(streamId, "any", [leadCreatedEvent(leadId, { name: "Other" })], { commandId, metadata: metadataFor(commandId) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.query("COMMIT");
      expect(await second).toEqual({ nextVersion: 1, position: rows[0]!.r_position, duplicate: true });
      expect(await fx.store.readStream(streamId)).toHaveLength(1);
    } finally {
      await first.end();
    }
  });
});
