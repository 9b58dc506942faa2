import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stageChangedEvent, leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { parseAuditKey } from "../src/audit/audit-key.ts";
import { eventChainMigrations } from "../src/audit/event-chain.migrations.ts";
import { createLedger, type Ledger } from "../src/audit/event-chain.ts";
import { migrate } from "../src/db/migrations.ts";
import type { EventStore } from "../src/event-store/event-store.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();
const KEY = parseAuditKey(Buffer.alloc(32, 7).toString("base64"));

const metadataOf = (actor: string, at: string) => ({ actor, at, commandId: randomUUID(), correlationId: randomUUID() });

interface Logged {
  eventId: string;
  streamId: string;
}

for (const backend of ["postgres", "pglite"] as const) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`, () => {
    let database: TestDatabase;
    let store: EventStore;
    let ledger: Ledger;
    /** The log in order: three leads, each created and moved twice, one append at a time. */
    let log: Logged[];

    const sql = (text: string, params: unknown[] = []) => database.db.query(text, params);

    beforeAll(async () => {
      database = await createTestDatabase(backend);
      await migrate(database.db, [...eventStoreMigrations, ...eventChainMigrations]);
      store = createPostgresEventStore(database.db);
      ledger = createLedger(database.db, KEY);
    });
    afterAll(() => database?.drop());

    beforeEach(async () => {
      await sql("TRUNCATE events, streams, commands, event_chain, audit_checkpoints, event_redactions");
      // The log is written before the follower runs, as on a deployment that upgrades: it chains the log from its first event.
      const at = "2026-11-27T10:00:00.000Z";
      for (let i = 0; i < 3; i++) {
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        const steps = [leadCreatedEvent(leadId, { name: `Lead ${i}` }), stageChangedEvent(leadId, "New Lead", "Contacted"), stageChangedEvent(leadId, "Contacted", "Meeting Scheduled")];
        for (const [version, event] of steps.entries())
          await store.append(streamId, version, [event], { commandId: randomUUID(), metadata: metadataOf(`user-${i}`, at) });
      }
      const { rows } = await sql("SELECT event_id, stream_id FROM events ORDER BY transaction_id, global_position");
      log = rows.map((r) => ({ eventId: r.event_id as string, streamId: r.stream_id as string }));
      expect(await chainAll()).toBe(9);
    });

    /** Chains until nothing is pending: an open transaction (autovacuum's analyze, say) may hold some events back a moment. */
    async function chainAll() {
      let chained = 0;
      for (let tries = 0; tries < 200 && (await ledger.pending()) > 0; tries++) {
        chained += await ledger.catchUp();
        if ((await ledger.pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return chained;
    }

    it("verifies a log nobody touched, and keeps chaining what comes after", async () => {
      const leadId = randomUUID();
      await store.append(`lead-${leadId}`, 0, [leadCreatedEvent(leadId)], { commandId: randomUUID(), metadata: metadataOf("user-9", "2026-11-27T11:00:00.000Z") });
      expect((await ledger.verify()).pending).toBe(1);
      expect(await chainAll()).toBe(1);
      const verification = await ledger.verify();
      expect(verification).toMatchObject({ status: "intact", checked: 10, pending: 0, firstBreak: null, erased: 0 });
      expect(verification.head?.seq).toBe(10);
    });

    it.each([
      ["data", `UPDATE events SET data = jsonb_set(data, '{name}', '"Lead 2"') WHERE event_id = $1`],
      ["metadata", `UPDATE events SET metadata = jsonb_set(metadata, '{actor}', '"user-X"') WHERE event_id = $1`],
      ["type", `UPDATE events SET event_type = 'LeadCreatec' WHERE event_id = $1`],
    ])("names the event whose %s lost or changed one byte", async (_part, statement) => {
      const victim = log[3]!; // the second lead's LeadCreated
      await sql(statement, [victim.eventId]);
      const { firstBreak, status } = await ledger.verify();
      expect(status).toBe("broken");
      expect(firstBreak).toMatchObject({ reason: "altered", seq: 4, eventId: victim.eventId, streamId: victim.streamId });
    });

    it("names a deleted event", async () => {
      await sql("DELETE FROM events WHERE event_id = $1", [log[4]!.eventId]);
      expect((await ledger.verify()).firstBreak).toMatchObject({ reason: "missing", seq: 5, eventId: log[4]!.eventId });
    });

    it("names the first of two events that swapped places", async () => {
      const [a, b] = [log[2]!.eventId, log[6]!.eventId];
      await sql(
        `UPDATE events e SET transaction_id = o.transaction_id, global_position = o.global_position
         FROM events o WHERE (e.event_id, o.event_id) IN (($1::uuid, $2::uuid), ($2::uuid, $1::uuid))`,
        [a, b],
      );
      const { firstBreak } = await ledger.verify();
      expect(firstBreak).toMatchObject({ reason: "altered", seq: 3, eventId: a });
    });

    it("names an event inserted among chained ones", async () => {
      // Written into the past: the transaction of the second event, a fresh global position.
      const forged = randomUUID();
      await sql(
        `INSERT INTO events (transaction_id, stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
         SELECT transaction_id, stream_id, 99, $2, event_type, schema_version, data, metadata FROM events WHERE event_id = $1`,
        [log[1]!.eventId, forged],
      );
      expect((await ledger.verify()).firstBreak).toMatchObject({ reason: "inserted", seq: null, eventId: forged });
    });

    it("names a chain record that was rewritten to hide a change", async () => {
      await sql(`UPDATE event_chain SET digest = sha256('forged') WHERE seq = 7`);
      expect((await ledger.verify()).firstBreak).toMatchObject({ reason: "link", seq: 7 });
    });

    it("fails a checkpoint signed before an older event changed, even with the chain recomputed", async () => {
      const kept = (await ledger.checkpoint())!;
      expect(kept).toMatchObject({ seq: 9, keyId: KEY.keyId });
      expect(await ledger.checkAgainst(kept)).toEqual({ holds: true });
      expect((await ledger.verify()).checkpoints).toMatchObject({ checked: 1, failed: [] });

      // Whoever changes an event and chains the log again from the start gets a chain that holds together…
      await sql(`UPDATE events SET data = jsonb_set(data, '{name}', '"Lead 7"') WHERE event_id = $1`, [log[0]!.eventId]);
      await sql("DELETE FROM event_chain");
      await chainAll();
      const verification = await ledger.verify();
      expect(verification.firstBreak).toBeNull();
      // …whose head is not the one signed: the stored checkpoint and the auditor's copy both say so.
      expect(verification).toMatchObject({ status: "broken", checkpoints: { failed: [{ seq: 9, reason: "hash" }] } });
      expect(await ledger.checkAgainst(kept)).toMatchObject({ holds: false });
      // A copy edited to match the new chain no longer matches its signature.
      const rechained = verification.head!.hash;
      expect(await ledger.checkAgainst({ ...kept, hash: rechained })).toMatchObject({ holds: false, reason: expect.stringContaining("signature") });
    });

    it("verifies an event rewritten by a sealed erasure as erased, and a forged seal as altered", async () => {
      const [erased, forged] = [log[0]!.eventId, log[3]!.eventId];
      await database.db.transaction(async (tx) => {
        await tx.query(`UPDATE events SET data = jsonb_set(data, '{name}', '"[erased]"') WHERE event_id = ANY($1::uuid[])`, [[erased, forged]]);
        await ledger.sealRedactions(tx, [erased, forged]);
      });
      await sql(`UPDATE event_redactions SET signature = decode(repeat('00', 64), 'hex') WHERE event_id = $1`, [forged]);
      const verification = await ledger.verify();
      expect(verification).toMatchObject({ erased: 1, firstBreak: { reason: "altered", eventId: forged } });
    });
  });
}
