import type { Queryable } from "@crm/infra/db/database";

/** The public tables with a row whose text contains `text` (case-insensitive): where a value was stored. */
export async function tablesContaining(db: Queryable, text: string): Promise<string[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${name}" AS t WHERE t::text ILIKE $1`, [
      `%${text}%`,
    ]);
    if (rows[0]!.n > 0) found.push(name);
  }
  return found;
}
