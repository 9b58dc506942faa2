import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { migrate } from "../src/db/migrations.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { encodePosition, START_POSITION } from "../src/event-store/position.ts";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "../testing/test-database.ts";
import { EVENTUALLY } from "../testing/eventually.ts";
import { eventStoreContract } from "./event-store.contract.ts";

const hasPostgres = await postgresAvailable();

async function openStore(backend: Backend) {
  const database = await createTestDatabase(backend);
  await migrate(database.db, eventStoreMigrations);
  return { database, store: createPostgresEventStore(database.db) };
}

for (const backend of ["postgres", "pglite"] as const) {
  // Without a Postgres server the Postgres variant is reported as skipped, never silently dropped.
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      eventStoreContract(backend, async () => {
        const { database, store } = await openStore(backend);
        return { store, close: () => database.drop() };
      });

      describe("events rewritten in place (erasure)", () => {
        let database: TestDatabase;
        let store: ReturnType<typeof createPostgresEventStore>;
        beforeAll(async () => ({ database, store } = await openStore(backend)));
        afterAll(() => database?.drop());

        it("refuses an append that names the rewrites count from before a rewrite, at the same version", async () => {
          const leadId = randomUUID();
          const streamId = `lead-${leadId}`;
          const append = (expectedVersion: number, events: DomainEvent[], expectedRewrites?: number) => {
            const commandId = randomUUID();
            const metadata = { actor: "test", at: new Date().toISOString(), commandId, correlationId: commandId };
            return store.append(streamId, expectedVersion, events, { commandId, metadata, expectedRewrites });
          };
          const archive = (expectedRewrites: number) =>
            append(1, [{ type: "LeadArchived", data: { leadId, name: "A", business: "B", reason: null } }], expectedRewrites);
          await append(0, [leadCreatedEvent(leadId)]);
          await database.db.query("UPDATE streams SET rewrites = rewrites + 1 WHERE stream_id = $1", [streamId]);
          await expect(archive(0)).rejects.toMatchObject({ streamId, expectedVersion: 1, actualVersion: 1 });
          expect(await archive(1)).toMatchObject({ nextVersion: 2, duplicate: false });
        });
      });

      describe("validation on read", () => {
        let database: TestDatabase;
        let store: ReturnType<typeof createPostgresEventStore>;
        beforeAll(async () => ({ database, store } = await openStore(backend)));
        afterAll(() => database?.drop());

        /** Writes a row as an older or broken release might have, bypassing the store's checks. */
        async function insertRaw(type: string, schemaVersion: number, data: unknown) {
          const streamId = `lead-${randomUUID()}`;
          await database.db.transaction(async (tx) => {
            await tx.query("INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, 'lead', 1)", [streamId]);
            await tx.query(
              `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
             VALUES ($1, 1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
              [
                streamId,
                randomUUID(),
                type,
                schemaVersion,
                JSON.stringify(data),
                JSON.stringify({ actor: "system", at: new Date().toISOString(), commandId: "raw", correlationId: "raw" }),
              ],
            );
          });
          return streamId;
        }

        it("refuses stored data that its schema rejects", async () => {
          const streamId = await insertRaw("LeadStageChanged", 1, { leadId: randomUUID(), from: "New Lead", to: "Nowhere" });
          await expect(store.readStream(streamId)).rejects.toBeInstanceOf(ZodError);
          // The raw row may stay invisible to the global log briefly while older transactions on the server end.
          await vi.waitFor(() => expect(store.readAll({ after: START_POSITION, limit: 10 })).rejects.toBeInstanceOf(ZodError), EVENTUALLY);
        });

        it("refuses a schema version that has no upcaster path and an unknown event type", async () => {
          const old = await insertRaw("LeadStageChanged", 0, { leadId: randomUUID(), from: "New Lead", to: "Active" });
          await expect(store.readStream(old)).rejects.toThrow(/schema version 0/);
          const unknown = await insertRaw("LeadVanished", 1, {});
          await expect(store.readStream(unknown)).rejects.toThrow(/Unknown event type/);
        });

        it("upcasts an event stored at an older schema version on read", async () => {
          const leadId = randomUUID();
          const directorId = randomUUID();
          const streamId = await insertRaw("CreativeDirectorUnassigned", 1, { leadId, previousDirectorId: directorId });
          const [event] = await store.readStream(streamId);
          expect(event).toMatchObject({ type: "CreativeDirectorUnassigned", data: { leadId, creativeDirectorId: directorId } });
        });
      });

      describe("log order", () => {
        let database: TestDatabase;
        let store: ReturnType<typeof createPostgresEventStore>;
        beforeAll(async () => ({ database, store } = await openStore(backend)));
        afterAll(() => database?.drop());

        it("orders by transaction id as a number, then global position, also across a digit boundary", async () => {
          // Rows as transactions 9, 10 and 100 would have written them (long committed, so visible).
          const rows: [number, number][] = [
            [10, 6],
            [100, 2],
            [9, 1_000_000],
            [10, 5],
          ];
          for (const [transactionId, globalPosition] of rows) {
            const leadId = randomUUID();
            await database.db.query("INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, 'lead', 1)", [`lead-${leadId}`]);
            await database.db.query(
              `INSERT INTO events (global_position, transaction_id, stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
               VALUES ($1, $2::text::xid8, $3, 1, $4, 'LeadStageChanged', 1, $5::jsonb, $6::jsonb)`,
              [
                globalPosition,
                transactionId,
                `lead-${leadId}`,
                randomUUID(),
                JSON.stringify({ leadId, from: "New Lead", to: "Active" }),
                JSON.stringify({ actor: "system", at: new Date().toISOString(), commandId: "raw", correlationId: "raw" }),
              ],
            );
          }
          const all = await store.readAll({ after: START_POSITION, limit: 10 });
          const order = all.map((e) => e.position);
          expect(order).toEqual([
            encodePosition("9", "1000000"),
            encodePosition("10", "5"),
            encodePosition("10", "6"),
            encodePosition("100", "2"),
          ]);
          expect((await store.readAll({ after: order[0]!, limit: 2 })).map((e) => e.position)).toEqual(order.slice(1, 3));
          expect(await store.currentPosition()).toBe(order[3]);
        });
      });
    },
  );
}
