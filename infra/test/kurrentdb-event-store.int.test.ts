import { describe, expect, it } from "vitest";
import { migrate } from "../src/db/migrations.ts";
import { connectKurrentDb, createKurrentDbEventStore, deterministicEventId } from "../src/event-store/kurrentdb-event-store.ts";
import { eventStoreMigrations } from "../src/event-store/postgres-event-store.migrations.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { eventStoreContract } from "./event-store.contract.ts";

/** The KurrentDB image the contract runs against when only a container runtime is at hand. */
const IMAGE = "docker.kurrent.io/kurrent-latest/kurrentdb:latest";

/** A container runtime answers, or testcontainers fails at once ("Could not find a working container runtime strategy"). */
async function containerRuntime(): Promise<boolean> {
  if (process.env.KURRENTDB_URL) return false;
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** KURRENTDB_URL, or a fresh single node in a container; undefined when neither is possible. */
async function kurrentDbUrl(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.KURRENTDB_URL) return { url: process.env.KURRENTDB_URL, stop: async () => {} };
  const { GenericContainer, Wait } = await import("testcontainers");
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({ KURRENTDB_INSECURE: "true", KURRENTDB_RUN_PROJECTIONS: "None", KURRENTDB_MEM_DB: "true" })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp("/health/live", 2113).forStatusCode(204))
    .start();
  return { url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, stop: async () => void (await container.stop()) };
}

const runtime = await containerRuntime();
const available = Boolean(process.env.KURRENTDB_URL) || runtime;
const reason = available ? "" : " (skipped: set KURRENTDB_URL or start a container runtime)";

// Started here rather than in a hook: pulling and starting the image outlasts a hook's timeout.
const server = available ? await kurrentDbUrl() : undefined;

describe.skipIf(!server)(`KurrentDB event store${reason}`, () => {
  eventStoreContract("kurrentdb", async () => {
    const database = await createTestDatabase("pglite"); // the commands table lives in Postgres
    await migrate(database.db, eventStoreMigrations);
    const client = connectKurrentDb(server!.url);
    return {
      store: createKurrentDbEventStore(client, database.db),
      async close() {
        await client.dispose();
        await database.drop();
        await server!.stop();
      },
    };
  });
});

describe("KurrentDB event ids", () => {
  it("are the same for the same command and index, and differ otherwise", () => {
    const id = deterministicEventId("cmd-1", 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicEventId("cmd-1", 0)).toBe(id);
    expect(deterministicEventId("cmd-1", 1)).not.toBe(id);
    expect(deterministicEventId("cmd-2", 0)).not.toBe(id);
  });
});
