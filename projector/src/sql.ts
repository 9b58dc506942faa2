import type { Queryable } from "@crm/infra/db/database";

/** Column name to SQL type, in table order. */
export type Columns = Readonly<Record<string, string>>;

const recordset = (columns: Columns) =>
  `jsonb_to_recordset($1::jsonb) AS r(${Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ")})`;

/** Inserts or replaces many rows with one statement. */
export async function upsertRows(tx: Queryable, table: string, columns: Columns, key: string, rows: readonly object[]) {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const updates = names.filter((n) => n !== key).map((n) => `${n} = EXCLUDED.${n}`);
  await tx.query(
    `INSERT INTO ${table} (${names.join(", ")}) SELECT ${names.join(", ")} FROM ${recordset(columns)}
     ON CONFLICT (${key}) DO UPDATE SET ${updates.join(", ")}`,
    [JSON.stringify(rows)],
  );
}

/** Inserts many rows with one statement, skipping rows whose key exists. */
export async function insertRows(tx: Queryable, table: string, columns: Columns, rows: readonly object[]) {
  if (rows.length === 0) return;
  const names = Object.keys(columns).join(", ");
  await tx.query(`INSERT INTO ${table} (${names}) SELECT ${names} FROM ${recordset(columns)} ON CONFLICT DO NOTHING`, [JSON.stringify(rows)]);
}
