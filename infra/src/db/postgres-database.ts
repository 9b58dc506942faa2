import pg from "pg";
import type { Database, Queryable } from "./database.ts";
import { TYPE_PARSERS } from "./database.ts";

const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? "text"),
} as pg.CustomTypesConfig;

const queryable = (client: pg.PoolClient | pg.Pool): Queryable => ({
  query: async <R>(sql: string, params?: readonly unknown[]) => {
    const result = await client.query(sql, params as unknown[] | undefined);
    return { rows: result.rows as R[] };
  },
  exec: async (sql: string) => {
    await client.query(sql);
  },
});

/**
 * A transaction's statements on one client. BEGIN waits for the first statement: when that one has
 * no parameters, both go in one simple-protocol round trip ("BEGIN;…"), and a transaction that
 * runs no statement sends neither BEGIN nor COMMIT. On this kind of machine a round trip's socket
 * writes cost more CPU than a small statement's work.
 */
function transactionOn(client: pg.PoolClient) {
  let begun: Promise<unknown> | undefined;
  const first = async (sql: string): Promise<pg.QueryResult> => {
    const results = (await client.query(`BEGIN;${sql}`)) as unknown as pg.QueryResult[];
    return results.at(-1)!;
  };
  const run = async (sql: string, params?: readonly unknown[]): Promise<pg.QueryResult> => {
    if (!begun) {
      if (!params || params.length === 0) {
        const result = first(sql);
        begun = result;
        return result;
      }
      begun = client.query("BEGIN");
    }
    await begun;
    return client.query(sql, params as unknown[] | undefined);
  };
  const tx: Queryable = {
    query: async <R>(sql: string, params?: readonly unknown[]) => ({ rows: (await run(sql, params)).rows as R[] }),
    exec: async (sql: string) => {
      await run(sql);
    },
  };
  return { tx, begun: () => begun !== undefined };
}

/** node-postgres behind the Database port; LISTEN uses one dedicated connection that reconnects. */
export function createPostgresDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, types });
  pool.on("error", () => {
    // An idle client lost its connection (server restart, terminated backend); the pool replaces it.
  });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString, types });
    client.on("notification", (msg) => {
      for (const handler of listeners.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    client.on("error", () => scheduleReconnect());
    client.on("end", () => scheduleReconnect());
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  }

  function scheduleReconnect() {
    if (closed || !listenClient) return;
    listenClient = undefined;
    connecting = undefined;
    const retry = () => {
      if (closed) return;
      ensureListener().catch(() => setTimeout(retry, 500).unref());
    };
    setTimeout(retry, 100).unref();
  }

  async function ensureListener(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    connecting ??= connectListener().then(
      (c) => (listenClient = c),
      (e) => {
        connecting = undefined;
        throw e;
      },
    );
    return connecting;
  }

  return {
    kind: "postgres",
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      // The pool stops listening for a client's errors while it is checked out: a connection cut
      // mid-transaction (server restart, pg_terminate_backend) would be an uncaught 'error' event
      // that ends the process. The failing query rejects anyway; the broken client is discarded.
      let broken: Error | undefined;
      const onError = (error: Error) => (broken = error);
      client.on("error", onError);
      const { tx, begun } = transactionOn(client);
      try {
        const result = await fn(tx);
        if (begun()) await client.query("COMMIT");
        return result;
      } catch (error) {
        if (begun()) await client.query("ROLLBACK").catch((rollbackError: Error) => (broken ??= rollbackError));
        throw error;
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    },
    async listen(channel, handler) {
      const isNew = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set();
      set.add(handler);
      listeners.set(channel, set);
      const client = await ensureListener();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
