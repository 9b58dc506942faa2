import { createHash } from "node:crypto";

/**
 * A fixed statement that runs on every command or batch. The Postgres adapter prepares it once per
 * connection: parsed, analyzed and planned once, where a statement sent as text is each time (on
 * the projector's and the command path's small statements that was more than half of Postgres's
 * CPU time). PGlite runs its text.
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

const namedStatements = new Map<string, NamedStatement>();

/** The named statement of this text. Texts are the code's own (a bounded set): never build one from input. */
export function named(text: string): NamedStatement {
  let statement = namedStatements.get(text);
  if (!statement)
    namedStatements.set(text, (statement = { name: `crm_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`, text }));
  return statement;
}

/** The small slice of SQL access every adapter needs; pg and PGlite both implement it. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string | NamedStatement, params?: readonly unknown[]): Promise<{ rows: R[] }>;
  /** Runs several statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "postgres" | "pglite";
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls handler with each NOTIFY payload on channel; resolves to an unsubscribe function. onLost
   * is called when the listening connection is lost (it reconnects): notices may have been missed,
   * and what earlier ones said may no longer hold after a server crash (asynchronous commits).
   */
  listen(channel: string, handler: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Type parsers shared by both adapters, so rows look the same whichever database answers. */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (v) => v, // int8 stays text: positions and ids exceed 2^53
  1082: (v) => v, // date
  1114: (v) => new Date(`${v.replace(" ", "T")}Z`).toISOString(), // timestamp (stored as UTC)
  1184: (v) => new Date(v).toISOString(), // timestamptz
};

export const OID = { int8: 20, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;
