import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database, NamedStatement, Queryable } from "./database.ts";
import { TYPE_PARSERS } from "./database.ts";

const queryable = (db: PGlite | Transaction): Queryable => ({
  query: async <R>(sql: string | NamedStatement, params?: readonly unknown[]) => {
    const result = await db.query<R>(typeof sql === "string" ? sql : sql.text, params as unknown[] | undefined);
    return { rows: result.rows };
  },
  exec: async (sql: string) => {
    await db.exec(sql);
  },
});

/**
 * Postgres's buffer cache lives in PGlite's WebAssembly memory, which never shrinks: at PGlite's
 * 128 MB every page a big rebuild touched stayed resident in the app (RSS 530-640 MB after building
 * 1M events, 300 MB of it outside the JavaScript heap). At 32 MB that part is 175 MB, the RSS 400-510
 * MB, and rebuilds run as fast: the data files behind the cache stay in the operating system's cache.
 */
const PGLITE_CONF = "shared_buffers = 32MB";

/** Embedded Postgres (PGlite) behind the Database port; dataDir undefined keeps it in memory. */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir, { parsers: TYPE_PARSERS, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } });
  return {
    kind: "pglite",
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    async listen(channel, handler) {
      const unsubscribe = await db.listen(channel, handler);
      return async () => unsubscribe();
    },
    close: () => db.close(),
  };
}

/** The data folder of a closed PGlite database as one tar, read by an instance of its own (backups, docs/operations.md). */
export async function dumpPgliteDataDir(dataDir: string): Promise<Buffer> {
  const db = await PGlite.create(dataDir);
  try {
    return Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Creates a PGlite database in an empty folder from a tar made by dumpPgliteDataDir. */
export async function loadPgliteDataDir(dataDir: string, tar: Buffer): Promise<void> {
  const db = await PGlite.create(dataDir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
  await db.close();
}
