import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "@crm/contracts/api/errors";
import { loadConfig } from "@crm/infra/config";
import type { Queryable } from "@crm/infra/db/database";
import type { AdvancedNotice } from "@crm/contracts/api/live";
import type { CheckpointWatcher } from "../src/checkpoint-watcher.ts";
import { createReplicaWatcher, replicaCannotAnswer, routeReads } from "../src/replica.ts";

/** A database that answers with its name, or throws what it is given. */
function db(name: string, failure?: Error): Queryable & { asked: number } {
  const fake = {
    asked: 0,
    async query<R>() {
      fake.asked++;
      if (failure) throw failure;
      return { rows: [{ from: name }] as R[] };
    },
    async exec() {
      fake.asked++;
      if (failure) throw failure;
    },
  };
  return fake;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("the replica's configuration", () => {
  it("takes READ_DATABASE_URL only beside DATABASE_URL, and READ_FALLBACK none or primary", () => {
    expect(() => loadConfig({ READ_DATABASE_URL: "postgres://standby/crm" })).toThrow(/READ_DATABASE_URL is a replica of DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: "postgres://primary/crm", READ_DATABASE_URL: "postgres://standby/crm" });
    expect(config.READ_FALLBACK).toBe("none");
    expect(loadConfig({ READ_FALLBACK: "primary" }).READ_FALLBACK).toBe("primary");
    expect(() => loadConfig({ READ_FALLBACK: "stale" })).toThrow(/READ_FALLBACK/);
  });
});

describe("which errors say the replica cannot answer", () => {
  it("counts connection faults, shutdowns, recovery conflicts and a database not replayed yet", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5433", "ECONNREFUSED"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("canceling statement due to conflict with recovery", "40001"),
      withCode('database "crm" does not exist', "3D000"),
      withCode("connection failure", "08006"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(replicaCannotAnswer(error), error.message).toBe(true);
    }
  });

  it("leaves a wrong query to fail as itself", () => {
    expect(replicaCannotAnswer(withCode('relation "leeds" does not exist', "42P01"))).toBe(false);
    expect(replicaCannotAnswer(withCode("syntax error", "42601"))).toBe(false);
    expect(replicaCannotAnswer("not an error")).toBe(false);
  });
});

describe("routing reads", () => {
  it("reads from the replica, and from the primary inside onPrimary, across awaits", async () => {
    const reads = routeReads(db("replica"), db("primary"), "none");
    expect((await reads.db.query("SELECT 1")).rows).toEqual([{ from: "replica" }]);
    const inside = await reads.onPrimary(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return reads.db.query("SELECT 1");
    });
    expect(inside.rows).toEqual([{ from: "primary" }]);
    expect((await reads.db.query("SELECT 1")).rows).toEqual([{ from: "replica" }]);
  });

  it("turns a replica that cannot answer into a 503 with Retry-After, or the primary's answer with READ_FALLBACK=primary", async () => {
    const down = withCode("connect ECONNREFUSED", "ECONNREFUSED");
    const refused = routeReads(db("replica", down), db("primary"), "none");
    const error = await refused.db.query("SELECT 1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    const primary = db("primary");
    const fallingBack = routeReads(db("replica", down), primary, "primary");
    expect((await fallingBack.db.query("SELECT 1")).rows).toEqual([{ from: "primary" }]);
    expect(primary.asked).toBe(1);
  });

  it("lets a wrong query's error through, without asking the primary", async () => {
    const primary = db("primary");
    const reads = routeReads(db("replica", withCode("syntax error", "42601")), primary, "primary");
    await expect(reads.db.query("SELEC 1")).rejects.toThrow("syntax error");
    expect(primary.asked).toBe(0);
  });
});

/** A primary's watcher whose notices the test sends, and whose waitFor answers as told. */
function primaryWatcher(waitFor: CheckpointWatcher["waitFor"] = async () => true) {
  const listeners = new Set<(notice: AdvancedNotice) => void>();
  const watcher: CheckpointWatcher = {
    current: async () => "",
    servingVersion: () => 1,
    epoch: () => 0,
    waitFor: (position, timeoutMs) => waitFor(position, timeoutMs),
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => undefined,
  };
  return { watcher, notify: (notice: AdvancedNotice) => listeners.forEach((l) => l(notice)) };
}

/** A standby whose checkpoints stand where the test puts them, or that cannot answer. */
function standby() {
  const state = { least: "0001", down: false };
  const db: Queryable = {
    async query<R>() {
      if (state.down) throw withCode("connect ECONNREFUSED", "ECONNREFUSED");
      return { rows: [{ name: "leads", version: 2, least: state.least }] as R[] };
    },
    exec: async () => undefined,
  };
  return { db, state };
}

describe("the replica's watcher", () => {
  it("waits for the standby's checkpoints after the primary's, and asks the primary to flush while the standby is behind", async () => {
    const { db, state } = standby();
    let flushes = 0;
    const watcher = await createReplicaWatcher(db, primaryWatcher().watcher, { pollMs: 5, flushPrimary: async () => flushes++ });
    setTimeout(() => (state.least = "0005"), 30);
    expect(await watcher.waitFor("0005", 1_000)).toBe(true);
    expect(flushes).toBeGreaterThan(0);
    expect(watcher.servingVersion("leads")).toBe(2);
    expect(await watcher.waitFor("0009", 50)).toBe(false);
    state.down = true;
    expect(await watcher.waitFor("0009", 1_000)).toBe(false); // at once, not after the timeout
    await expect(watcher.current()).rejects.toBeInstanceOf(ServiceUnavailableError);
    await watcher.close();
  });

  it("is told nothing the primary's projector has not passed", async () => {
    const { db, state } = standby();
    state.least = "0009";
    const watcher = await createReplicaWatcher(db, primaryWatcher(async () => false).watcher);
    expect(await watcher.waitFor("0010", 100)).toBe(false);
    await watcher.close();
  });

  it("hands on notices in order, each once the standby has it, and goes on after a wait that failed", async () => {
    const { db, state } = standby();
    let failNext = true;
    const primary = primaryWatcher(async () => {
      if (failNext) {
        failNext = false;
        throw new Error("the primary's checkpoints cannot be read");
      }
      return true;
    });
    const watcher = await createReplicaWatcher(db, primary.watcher, { pollMs: 5 });
    const told: string[] = [];
    watcher.onAdvance((notice) => told.push(notice.position));
    primary.notify({ position: "0002", passed: "0002", topics: [] });
    primary.notify({ position: "0003", passed: "0003", topics: [] });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(told).toEqual(["0002"]); // the failed wait let it through; the next waits for the standby
    state.least = "0003";
    await expect.poll(() => told).toEqual(["0002", "0003"]);
    await watcher.close();
  });
});
