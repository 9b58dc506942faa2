import pg from "pg";
import type { Database, NamedStatement, Queryable } from "./database.ts";
import { TYPE_PARSERS } from "./database.ts";

const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? "text"),
} as pg.CustomTypesConfig;

/** A statement as node-postgres takes it: a named one is prepared once per connection. */
const config = (sql: string | NamedStatement, params?: readonly unknown[]): pg.QueryConfig =>
  typeof sql === "string" ? { text: sql, values: params as unknown[] | undefined } : { name: sql.name, text: sql.text, values: params as unknown[] | undefined };

const queryable = (client: pg.PoolClient | pg.Pool): Queryable => ({
  query: async <R>(sql: string | NamedStatement, params?: readonly unknown[]) => {
    const result = await client.query(config(sql, params));
    return { rows: result.rows as R[] };
  },
  exec: async (sql: string) => {
    await client.query(sql);
  },
});

/**
 * A transaction's statements on one client, pipelined: the client runs in node-postgres's pipeline
 * mode, and statements issued in the same tick (BEGIN with the first one, the statements of
 * projections that run side by side) leave in one socket write, answered in one round trip. On this
 * kind of machine a round trip's socket writes cost more CPU than a small statement's work.
 * A transaction that runs no statement sends neither BEGIN nor COMMIT; one that has ended takes no
 * further statement, so a straggler can never run outside it.
 */
function transactionOn(client: pg.PoolClient) {
  let begun: Promise<unknown> | undefined;
  let ended = false;
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream?.uncork?.();
  };
  const run = (sql: string | NamedStatement, params?: readonly unknown[]): Promise<pg.QueryResult> => {
    if (ended) return Promise.reject(new Error("The transaction has ended; its statements must be awaited within it"));
    if (!corked && stream?.cork) {
      corked = true;
      stream.cork();
      process.nextTick(uncork);
    }
    if (!begun) {
      // BEGIN fails only with its connection (or server), and then so does the statement behind it.
      begun = client.query("BEGIN");
      return Promise.all([begun, client.query(config(sql, params))]).then(([, result]) => result);
    }
    return client.query(config(sql, params));
  };
  const tx: Queryable = {
    query: async <R>(sql: string | NamedStatement, params?: readonly unknown[]) => ({ rows: (await run(sql, params)).rows as R[] }),
    exec: async (sql: string) => {
      await run(sql);
    },
  };
  /** Sends COMMIT (or ROLLBACK) once: a COMMIT that failed needs no ROLLBACK after it. */
  const end = async (command: "COMMIT" | "ROLLBACK") => {
    if (ended) return;
    ended = true;
    if (!begun) return;
    const result = await client.query(command);
    // COMMIT of a transaction that a failed statement aborted answers ROLLBACK.
    if (command === "COMMIT" && result.command === "ROLLBACK") throw new Error("The transaction was rolled back: one of its statements failed");
  };
  return { tx, commit: () => end("COMMIT"), rollback: () => end("ROLLBACK") };
}

/** node-postgres behind the Database port; LISTEN uses one dedicated connection that reconnects. */
// eslint-disable-next-line max-lines-per-function -- the closure is the Database: pool, listener connection and its reconnects share state; each method is short
export function createPostgresDatabase(connectionString: string, options: { max?: number; connectionTimeoutMillis?: number } = {}): Database {
  // No connection timeout by default (node-postgres's): a replica's pool sets one, so that a standby that does not answer fails a read soon.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, connectionTimeoutMillis: options.connectionTimeoutMillis ?? 0, types, pipeline: true });
  pool.on("error", () => {
    // An idle client lost its connection (server restart, terminated backend); the pool replaces it.
  });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const lostHandlers = new Set<() => void>();
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
    for (const onLost of lostHandlers) onLost();
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
      const { tx, commit, rollback } = transactionOn(client);
      try {
        const result = await fn(tx);
        await commit();
        return result;
      } catch (error) {
        await rollback().catch((rollbackError: Error) => (broken ??= rollbackError));
        throw error;
      } finally {
        client.removeListener("error", onError);
        client.release(broken);
      }
    },
    async listen(channel, handler, onLost) {
      const isNew = !listeners.has(channel);
      const set = listeners.get(channel) ?? new Set();
      set.add(handler);
      listeners.set(channel, set);
      if (onLost) lostHandlers.add(onLost);
      const client = await ensureListener();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(handler);
        if (onLost) lostHandlers.delete(onLost);
      };
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
