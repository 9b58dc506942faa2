/** The small slice of SQL access every adapter needs; pg and PGlite both implement it. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
  /** Runs several statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "postgres" | "pglite";
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls handler with each NOTIFY payload on channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
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
