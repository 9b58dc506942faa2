import { afterAll, beforeAll } from "vitest";
import { migrate, type Migration } from "../src/db/migrations.ts";
import type { EventStore } from "../src/event-store/event-store.ts";
import { createPostgresEventStore } from "../src/event-store/postgres-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { createTestDatabase, type Backend, type TestDatabase } from "./test-database.ts";

export interface EventStoreFixture {
  database: TestDatabase;
  store: EventStore;
}

/**
 * A fresh database with the event log (and any `more` migrations after it) and a store on it,
 * shared by the tests of one describe block: made before them, dropped after. Its fields are set
 * once the block's beforeAll has run.
 */
export function eventStoreFixture(backend: Backend, more: readonly Migration[] = []): EventStoreFixture {
  const fixture = {} as EventStoreFixture;
  beforeAll(async () => {
    fixture.database = await createTestDatabase(backend);
    await migrate(fixture.database.db, [...eventStoreMigrations, ...more]);
    fixture.store = createPostgresEventStore(fixture.database.db);
  });
  afterAll(() => fixture.database?.drop());
  return fixture;
}
