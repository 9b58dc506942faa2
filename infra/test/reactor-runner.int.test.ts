import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import type { EventStore } from "../src/event-store/event-store.ts";
import { createReactorRunner, type Reactor } from "../src/reactor/reactor-runner.ts";
import { reactorMigrations } from "../src/reactor/reactor.migrations.ts";
import { eventStoreFixture } from "../testing/event-store-fixture.ts";
import { availableBackends } from "../testing/test-database.ts";

const available = await availableBackends();

/** Appends one SmsRequested event on its own stream. */
async function request(store: EventStore, body: string) {
  const messageId = randomUUID();
  const metadata = { actor: "user-1", at: new Date().toISOString(), commandId: randomUUID(), correlationId: "c" };
  const leadId = randomUUID();
  await store.append(`message-${messageId}`, 0, [{ type: "SmsRequested", data: { messageId, leadId, to: "+15551234567", body } }], { commandId: metadata.commandId, metadata });
}

/** Runs until the reactor has seen n events it handles, tolerating a moment of invisibility on a shared server. */
async function runUntil(runner: { runOnce(): Promise<number> }, done: () => boolean) {
  const deadline = Date.now() + 45_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await runner.runOnce().catch(() => undefined);
  }
}

for (const backend of ["postgres", "pglite"] as const) {
  (available.includes(backend) ? describe : describe.skip)(`reactor runner on ${backend}`, () => {
    const fx = eventStoreFixture(backend, reactorMigrations);

    const checkpointOf = async (name: string) =>
      (await fx.database.db.query<{ position: string; last_error: string | null }>("SELECT position, last_error FROM reactor_checkpoints WHERE name = $1", [name])).rows[0];

    it("keeps its checkpoint before an event whose handler failed, and handles it again", async () => {
      await request(fx.store, "first");
      const seen: string[] = [];
      let attempts = 0;
      const reactor: Reactor = {
        name: "flaky",
        types: ["SmsRequested"],
        async handle(e: RecordedEvent) {
          if (++attempts === 1) throw new Error("fx.database went away");
          seen.push(e.eventId);
        },
      };
      const runner = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, log: () => undefined });
      await runUntil(runner, () => attempts >= 1);
      expect(seen).toHaveLength(0);
      expect(await checkpointOf("flaky")).toMatchObject({ position: "00000000000000000000-00000000000000000000" });
      await runUntil(runner, () => seen.length === 1);
      expect((await checkpointOf("flaky"))!.position).not.toBe("00000000000000000000-00000000000000000000");
      await runner.stop();
    });

    it("is given the events of its types only, and moves its checkpoint past the others", async () => {
      const seen: string[] = [];
      const reactor: Reactor = { name: "typed", types: ["SmsRequested"], handle: async (e) => void seen.push(e.type) };
      const runner = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, log: () => undefined });
      await request(fx.store, "typed");
      const leadId = randomUUID();
      const metadata = { actor: "user-1", at: new Date().toISOString(), commandId: randomUUID(), correlationId: "c" };
      const { position } = await fx.store.append(`lead-${leadId}`, 0, [leadCreatedEvent(leadId)], { commandId: metadata.commandId, metadata });
      // The lead's event came after the request: the reactor is never given it, yet its checkpoint passes it.
      let checkpoint: string | undefined;
      const step = async () => {
        const read = await runner.runOnce();
        checkpoint = (await checkpointOf("typed"))?.position;
        return read;
      };
      await runUntil({ runOnce: step }, () => checkpoint === position);
      expect(new Set(seen)).toEqual(new Set(["SmsRequested"])); // the earlier tests' requests and this one's
      await runner.stop();
    });

    it("lets one process at a time run a reactor and follows new events once started", async () => {
      const seen: string[] = [];
      const reactor: Reactor = { name: "single", types: ["SmsRequested"], handle: async (e) => void seen.push(e.eventId) };
      const first = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, pollMs: 50, log: () => undefined });
      const second = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, pollMs: 50, log: () => undefined });
      await first.start();
      await request(fx.store, "second");
      await runUntil({ runOnce: async () => (await new Promise((r) => setTimeout(r, 50)), 0) }, () => seen.length >= 2);
      expect(await second.runOnce()).toBe(0); // the first one holds the lease
      await first.stop();
      await second.runOnce(); // the lease is free again: it continues from the checkpoint, repeating nothing
      expect(new Set(seen).size).toBe(seen.length);
      await second.stop();
    });

    it("stands by while another runner holds the lease: it tries again at each poll, not at each append", async () => {
      const reactor: Reactor = { name: "standby", types: ["SmsRequested"], handle: async () => undefined };
      const claims = { n: 0 };
      // The second runner's database, counting its claims of the lease.
      const counted = new Proxy(fx.database.db, {
        get(target, key, receiver) {
          if (key !== "query") return Reflect.get(target, key, receiver) as unknown;
          return (sql: string | { text: string }, params?: unknown[]) => {
            if ((typeof sql === "string" ? sql : sql.text).includes("INSERT INTO reactor_checkpoints")) claims.n++;
            return target.query(sql as string, params);
          };
        },
      });
      const first = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, pollMs: 60_000, log: () => undefined });
      const second = createReactorRunner({ db: counted, store: fx.store, reactor, pollMs: 60_000, log: () => undefined });
      await first.start();
      for (let held = false; !held; await sleep(10)) held = (await checkpointOf("standby")) !== undefined;
      await second.start();
      await runUntil({ runOnce: async () => (await sleep(10), 0) }, () => claims.n >= 1);
      for (let i = 0; i < 20; i++) await request(fx.store, `standby ${i}`);
      await sleep(300);
      expect(claims.n).toBe(1); // its start's claim only: twenty appends woke it for nothing
      await Promise.all([first.stop(), second.stop()]);
    });

    it("keeps its lease while a handler outlasts it, so a second runner does not handle the same event", async () => {
      const leaseMs = 900;
      await request(fx.store, "slow");
      const started: string[] = [];
      const reactor: Reactor = {
        name: "slow",
        types: ["SmsRequested"],
        handles: (e) => (e.data as { body?: string }).body === "slow",
        async handle(e) {
          started.push(e.eventId);
          await sleep(leaseMs * 2.5);
        },
      };
      const first = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, leaseMs, log: () => undefined });
      const second = createReactorRunner({ db: fx.database.db, store: fx.store, reactor, leaseMs, log: () => undefined });
      const firstRun = first.runOnce();
      await runUntil({ runOnce: async () => (await sleep(10), 0) }, () => started.length === 1);
      // Past the lease the claim took: only the renewals keep the second runner out.
      await sleep(leaseMs * 1.6);
      expect(await second.runOnce()).toBe(0);
      expect(await firstRun).toBeGreaterThan(0);
      expect(started).toHaveLength(1);
      // The process that runs it, by host and process id, for an operator reading reactor_checkpoints.
      const { rows } = await fx.database.db.query<{ owner: string }>("SELECT owner FROM reactor_checkpoints WHERE name = 'slow'");
      expect(rows[0]!.owner.startsWith(`${hostname()}:${process.pid}:`)).toBe(true);
      await Promise.all([first.stop(), second.stop()]);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
