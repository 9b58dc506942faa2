import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { userStreamId } from "@crm/contracts/user/stream";
import { identityMigrations } from "../src/auth/identity.migrations.ts";
import { sessionLookup } from "../src/auth/session-lookup.ts";
import { sessionIdOf, sessionStore } from "../src/auth/sessions.ts";
import type { Queryable } from "../src/db/database.ts";
import { migrate } from "../src/db/migrations.ts";
import type { EventStore } from "../src/event-store/event-store.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { createStreamLoader } from "../src/event-store/stream-loader.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();

const append = (store: EventStore, streamId: string, events: DomainEvent[]) => {
  const commandId = randomUUID();
  return store.append(streamId, "any", events, {
    commandId,
    metadata: { actor: "test", at: "2026-11-22T10:00:00.000Z", commandId, correlationId: commandId },
  });
};

/**
 * The sequential scans of each table so far in this transaction, as not yet reported statistics
 * (PGlite, one backend that never idles, reports them late: they may include earlier transactions').
 */
async function seqScans(tx: Queryable): Promise<Record<string, number>> {
  const { rows } = await tx.query<{ relname: string; seq_scan: string }>(
    "SELECT relname, seq_scan FROM pg_stat_xact_user_tables WHERE relname IN ('events', 'streams', 'sessions', 'accounts')",
  );
  return Object.fromEntries(
    ["events", "streams", "sessions", "accounts"].map((t) => [t, Number(rows.find((r) => r.relname === t)?.seq_scan ?? 0)]),
  );
}

/**
 * The reads of every command, its session and its stream, are batched: many ids in one statement,
 * planned once per connection. Each row must still be found by its key whatever the tables'
 * statistics say: on a new database, before autovacuum's first ANALYZE, a batch of ten session ids
 * made the session lookup scan the whole log.
 */
for (const backend of ["postgres", "pglite"] as const) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`keyed reads on ${backend}`, () => {
    let test: TestDatabase;
    let store: EventStore;
    const accounts: { id: string; token: string }[] = [];
    const leadStreams: string[] = [];

    beforeAll(async () => {
      test = await createTestDatabase(backend);
      await migrate(test.db, [...eventStoreMigrations, ...identityMigrations]);
      store = createPostgresEventStore(test.db);
      const sessions = sessionStore(test.db, () => new Date());
      for (let i = 0; i < 10; i++) {
        const id = randomUUID();
        await test.db.query("INSERT INTO accounts (id, email) VALUES ($1, $2)", [id, `staff-${i}@example.com`]);
        await append(store, userStreamId(id), [
          {
            type: "AccessRequested",
            data: { userId: id, email: `staff-${i}@example.com`, displayName: `Staff ${i}`, role: "Project Manager" },
          },
        ]);
        await append(store, userStreamId(id), [{ type: "UserApproved", data: { userId: id, approvedBy: null } }]);
        accounts.push({ id, token: (await sessions.create(id)).token });
      }
      for (let i = 0; i < 50; i++) {
        const leadId = randomUUID();
        leadStreams.push(`lead-${leadId}`);
        await append(store, `lead-${leadId}`, [leadCreatedEvent(leadId)]);
      }
    });
    afterAll(async () => test?.drop());

    it("finds ten sessions, each with its account's stream in order, and scans no table to do it", async () => {
      await test.db.transaction(async (tx) => {
        const before = await seqScans(tx);
        const lookup = sessionLookup(tx, "user-");
        const found = await Promise.all(accounts.map((a) => lookup(sessionIdOf(a.token))));
        for (const [i, rows] of found.entries()) {
          expect(rows.map((r) => [r.accountId, r.stream_id, r.stream_version, r.event_type])).toEqual([
            [accounts[i]!.id, userStreamId(accounts[i]!.id), 1, "AccessRequested"],
            [accounts[i]!.id, userStreamId(accounts[i]!.id), 2, "UserApproved"],
          ]);
        }
        expect(await lookup(sessionIdOf("nobody"))).toEqual([]);
        expect(await seqScans(tx)).toEqual(before);
      });
    });

    it("reads ten streams whole, in order, without scanning the log", async () => {
      await test.db.transaction(async (tx) => {
        const before = await seqScans(tx);
        const load = createStreamLoader(tx);
        const wanted = [...leadStreams.slice(0, 9), userStreamId(accounts[0]!.id)];
        const streams = await Promise.all(wanted.map((id) => load(id)));
        expect(streams.map(({ events }) => events.map((e) => [e.streamId, e.streamVersion]))).toEqual(
          wanted.map((id) =>
            id.startsWith("lead-")
              ? [[id, 1]]
              : [
                  [id, 1],
                  [id, 2],
                ],
          ),
        );
        expect(streams.every((s) => s.whole && s.rewrites === 0)).toBe(true);
        expect(await seqScans(tx)).toEqual(before);
      });
    });

    it("loads only the events after each caller's mark, also two marks of one stream in one statement", async () => {
      const [first, second] = leadStreams;
      await append(store, second!, [
        { type: "LeadMoved", data: { leadId: second!.slice(5), from: "New Lead", to: "New Lead", afterId: null, beforeId: null } },
      ]);
      await test.db.transaction(async (tx) => {
        const before = await seqScans(tx);
        const load = createStreamLoader(tx);
        const [unchanged, moved, movedFromStart, missing] = await Promise.all([
          load(first!, { version: 1, rewrites: 0 }),
          load(second!, { version: 1, rewrites: 0 }),
          load(second!),
          load(`lead-${randomUUID()}`),
        ]);
        expect(unchanged).toEqual({ events: [], rewrites: 0, whole: false });
        expect(moved.events.map((e) => [e.type, e.streamVersion])).toEqual([["LeadMoved", 2]]);
        expect(moved.whole).toBe(false);
        expect(movedFromStart.events.map((e) => [e.type, e.streamVersion])).toEqual([
          ["LeadCreated", 1],
          ["LeadMoved", 2],
        ]);
        expect(missing).toEqual({ events: [], rewrites: 0, whole: true });
        expect(await seqScans(tx)).toEqual(before);
      });
    });

    it("loads a stream whole again once its events were rewritten in place", async () => {
      const streamId = leadStreams[3]!;
      await test.db.query("UPDATE streams SET rewrites = rewrites + 1 WHERE stream_id = $1", [streamId]);
      const loaded = await createStreamLoader(test.db)(streamId, { version: 1, rewrites: 0 });
      expect(loaded.whole).toBe(true);
      expect(loaded.rewrites).toBe(1);
      expect(loaded.events.map((e) => e.streamVersion)).toEqual([1]);
    });
  });
}
