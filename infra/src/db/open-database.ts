import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Database } from "./database.ts";
import { createPgliteDatabase } from "./pglite-database.ts";
import { createPostgresDatabase } from "./postgres-database.ts";

/** A real Postgres when DATABASE_URL is set, otherwise embedded PGlite under DATA_DIR. */
export async function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return createPostgresDatabase(config.DATABASE_URL);
  const dir = path.join(config.DATA_DIR, "pglite");
  await mkdir(dir, { recursive: true });
  return createPgliteDatabase(dir);
}
