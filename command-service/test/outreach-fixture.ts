import { randomUUID } from "node:crypto";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { migrate } from "@crm/infra/db/migrations";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { reactorMigrations } from "@crm/infra/reactor/reactor.migrations";
import { availableBackends, createTestDatabase, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { describe } from "vitest";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";

/** Runs a suite on PGlite and on Postgres; the Postgres variant is reported as skipped when no server answers. */
export async function eachBackend(name: string, suite: (backend: Backend) => void) {
  const available = await availableBackends();
  for (const backend of ["postgres", "pglite"] as const) {
    (available.includes(backend) ? describe : describe.skip)(`${name} on ${backend}`, () => suite(backend));
  }
}

export interface OutreachFixture {
  database: TestDatabase;
  store: EventStore;
  now: () => Date;
  metadata(actor?: string): { actor: string; at: string; commandId: string; correlationId: string };
  createLead(fields?: { name?: string; email?: string; phone?: string | null }): Promise<string>;
}

/** A fresh database with the event store and reactor tables. */
export async function openFixture(backend: Backend): Promise<OutreachFixture> {
  const database = await createTestDatabase(backend);
  await migrate(database.db, [...eventStoreMigrations, ...reactorMigrations]);
  const store = createPostgresEventStore(database.db);
  const now = () => new Date("2030-01-02T08:00:00.000Z");
  const metadata = (actor = "user-1") => {
    const commandId = randomUUID();
    return { actor, at: now().toISOString(), commandId, correlationId: commandId };
  };
  async function createLead(fields: { name?: string; email?: string; phone?: string | null } = {}) {
    const leadId = randomUUID();
    const meta = metadata();
    await store.append(leadStreamId(leadId), 0, [leadCreatedEvent(leadId, fields)], { commandId: meta.commandId, metadata: meta });
    return leadId;
  }
  return { database, store, now, metadata, createLead };
}

/**
 * Runs a reactor until a condition holds. Another session's open transaction on the same database
 * can hold events back from readAll for a moment (READABLE_HORIZON).
 */
export async function runUntil(runner: { runOnce(): Promise<number> }, done: () => Promise<boolean> | boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("The reactor did not get there in time");
    if ((await runner.runOnce()) === 0) await new Promise((r) => setTimeout(r, 50));
  }
}
