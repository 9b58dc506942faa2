import { randomUUID } from "node:crypto";
import { IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { emptyStream, streamStatesOf } from "@crm/command-service/core/stream-states";
import { leadDecider } from "@crm/command-service/lead/lead.decider";
import { fastPathDefaults, type FastPaths } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { migrate } from "@crm/infra/db/migrations";
import { createGroupBatcher, type Queued } from "@crm/infra/db/group-batcher";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { START_POSITION } from "@crm/infra/event-store/position";
import { createTestDatabase, type TestDatabase } from "@crm/infra/testing/test-database";
import { createProjectorRunner } from "@crm/projector/runner";
import { checkpointMigrations } from "@crm/projector/checkpoints";
import type { Projection } from "@crm/projector/projection";
import { createHttpServer } from "../src/http-server.ts";

/**
 * The fast paths (decisions/043) as the components built without being told find them. The
 * command and projector suites run twice: in the "int" project with every fast path on (the
 * default), in "int-plain" with every one off (vitest.config.ts). This file runs in both and
 * checks that each run really is what it claims, through what each component does.
 */
/** Whether this test's run is the default one (every fast path on) rather than int-plain (every one off). */
const fastRun = (task: { file: { projectName?: string } }) => task.file.projectName !== "int-plain";

describe("the fast paths of this test run", () => {
  it("read as the run sets them: all on in the default run, all off in int-plain", ({ task }) => {
    const expected = fastRun(task);
    const all = (on: boolean): FastPaths => ({ streamStates: on, groupBatching: on, pipelinedProjector: on, expressPrototypes: on });
    expect(fastPathDefaults()).toEqual(all(expected));
  });

  it("keep a command's stream state only when FAST_STREAM_STATES is on", async ({ task }) => {
    const expected = fastRun(task);
    const store = { loadStream: async () => ({ events: [], rewrites: 0, whole: true }) } as unknown as EventStore;
    const states = streamStatesOf(store);
    const leadId = "5f0c7a52-8a34-4a4e-9d51-0d6f6f3b6a01";
    const created = {
      ...leadCreatedEvent(leadId),
      metadata: { actor: "u", at: "2026-11-26T10:00:00.000Z", commandId: "c", correlationId: "c" },
    };
    states.appended(`lead-${leadId}`, leadDecider, emptyStream(leadDecider), [created], { nextVersion: 1, position: "p1" });
    expect((await states.current(`lead-${leadId}`, leadDecider)).kept).toBe(expected);
  });

  it("send calls that arrive together in one batch only when FAST_GROUP_BATCHING is on", async ({ task }) => {
    const expected = fastRun(task);
    const batches: number[][] = [];
    const call = createGroupBatcher(
      async (batch: Queued<number, number>[]) => {
        batches.push(batch.map((q) => q.item));
        await Promise.resolve();
        for (const q of batch) q.resolve(q.item);
      },
      { maxInFlight: 1 },
    );
    await Promise.all([call(1), call(2), call(3)]);
    expect(batches).toEqual(expected ? [[1], [2, 3]] : [[1], [2], [3]]);
  });

  describe("the projector", () => {
    let database: TestDatabase;
    let store: EventStore;
    /** A read model that keeps nothing: the test watches the runner's statements, not what it writes. */
    const probe: Projection = { name: "fast_paths_probe", version: 1, tables: [], ddl: "", apply: async () => undefined, topics: () => [] };
    beforeAll(async () => {
      database = await createTestDatabase("pglite");
      await migrate(database.db, [...eventStoreMigrations, ...checkpointMigrations]);
      store = createPostgresEventStore(database.db);
      await database.db.query("INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, 1, $2)", [
        probe.name,
        START_POSITION,
      ]);
    });
    afterAll(() => database?.drop());

    it("reads its checkpoints for every batch unless FAST_PIPELINED_PROJECTOR is on", async ({ task }) => {
      const expected = fastRun(task);
      const db = database.db;
      const reads: string[] = [];
      const counting: Database = {
        kind: db.kind,
        query(sql, params) {
          if (JSON.stringify(sql).includes("FROM public.projection_checkpoints")) reads.push("checkpoints");
          return db.query(sql, params);
        },
        exec: (sql) => db.exec(sql),
        transaction: (fn) => db.transaction(fn),
        listen: (channel, handler, onLost) => db.listen(channel, handler, onLost),
        close: () => db.close(),
      };
      for (const leadId of [randomUUID(), randomUUID()]) {
        const commandId = randomUUID();
        await store.append(`lead-${leadId}`, 0, [leadCreatedEvent(leadId)], {
          commandId,
          metadata: { actor: "user-1", at: "2026-11-26T10:00:00.000Z", commandId, correlationId: commandId },
        });
      }
      const runner = createProjectorRunner({ db: counting, store, projections: [probe], batchSize: 1, log: () => undefined });
      expect([await runner.runOnce(), await runner.runOnce()]).toEqual([1, 1]);
      expect(reads).toEqual(expected ? ["checkpoints"] : ["checkpoints", "checkpoints"]);
    });
  });

  it("make requests with Express's prototypes only when FAST_EXPRESS_PROTOTYPES is on", async ({ task }) => {
    const expected = fastRun(task);
    const app = express();
    app.get("/", (_req, res) => res.end());
    const server: Server = createHttpServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const made: unknown[] = [];
    server.prependListener("request", (req) => made.push(Object.getPrototypeOf(req)));
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(made).toEqual([expected ? app.request : IncomingMessage.prototype]);
  });
});
