import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import type { TestDatabase } from "@crm/infra/testing/test-database";
import { destroySandbox, sandboxUnavailable, startSandbox, startServer, startStandby, stopServer, type Sandbox } from "../../scripts/pg-sandbox.mjs";
import { freePort } from "../test/reliability/support/service-process.ts";

/** Why a primary and its hot standby cannot be started here, or undefined when they can. */
export function replicaPairUnavailable(): string | undefined {
  return sandboxUnavailable();
}

/**
 * A Postgres primary and a hot standby streaming from it, both of the test's own (initdb, then
 * pg_basebackup -R, as the postgres user, on their own ports and directories): never the machine's
 * cluster. The standby may be stopped, started, and its replay paused.
 */
export interface ReplicaPair {
  primary: Sandbox;
  standby: Sandbox;
  /** pg_ctl stop -m fast on the standby: its connections are cut, new ones refused. */
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops (or resumes) applying the primary's WAL on the standby: it keeps answering, as of then. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  destroy(): Promise<void>;
}

/** One statement on a connection of its own. */
export async function onServer(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts a pair; `durable` keeps fsync on (for a bench), test data goes without. */
export async function startReplicaPair({ durable = false }: { durable?: boolean } = {}): Promise<ReplicaPair> {
  const reason = replicaPairUnavailable();
  if (reason) throw new Error(`No replica pair here: ${reason}`);
  const primaryPort = await freePort(5470, 5489);
  const primary = await startSandbox(primaryPort, { durable });
  try {
    const standby = await startStandby(primary, await freePort(5470, 5489, new Set([primaryPort])));
    return {
      primary,
      standby,
      stopStandby: () => stopServer(standby),
      startStandby: () => startServer(standby),
      pauseReplay: async () => void (await onServer(standby.url, "SELECT pg_wal_replay_pause()")),
      resumeReplay: async () => void (await onServer(standby.url, "SELECT pg_wal_replay_resume()")),
      async destroy() {
        await destroySandbox(standby);
        await destroySandbox(primary);
      },
    };
  } catch (error) {
    await destroySandbox(primary);
    throw error;
  }
}

/** A test database and the same database on the standby (READ_DATABASE_URL). */
export interface ReplicatedTestDatabase extends TestDatabase {
  url: string;
  readUrl: string;
  pair: ReplicaPair;
}

let shared: { pair: Promise<ReplicaPair>; users: number } | undefined;

/**
 * A fresh database on a replica pair that the test process's apps share: started with the first,
 * destroyed when the last one's database is dropped.
 */
export async function createReplicatedTestDatabase(): Promise<ReplicatedTestDatabase> {
  shared ??= { pair: startReplicaPair(), users: 0 };
  const mine = shared;
  mine.users++;
  const leave = async () => {
    if (--mine.users > 0) return;
    if (shared === mine) shared = undefined;
    await (await mine.pair).destroy();
  };
  try {
    const pair = await mine.pair;
    const name = `crm_test_${randomBytes(6).toString("hex")}`;
    await onServer(pair.primary.url, `CREATE DATABASE ${name}`);
    const url = pair.primary.url.replace(/\/postgres$/, `/${name}`);
    const db = createPostgresDatabase(url);
    return {
      db,
      url,
      readUrl: pair.standby.url.replace(/\/postgres$/, `/${name}`),
      pair,
      async drop() {
        await db.close();
        await leave();
      },
    };
  } catch (error) {
    await leave();
    throw error;
  }
}
