import { named, type Queryable } from "@crm/infra/db/database";

/** Column name to SQL type, in table order. */
export type Columns = Readonly<Record<string, string>>;

const recordset = (columns: Columns) =>
  `jsonb_to_recordset($1::jsonb) AS r(${Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ")})`;

/** Inserts or replaces many rows with one statement (prepared, as insertColumns's: the texts are per table). */
export async function upsertRows(tx: Queryable, table: string, columns: Columns, key: string, rows: readonly object[]) {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const updates = names.filter((n) => n !== key).map((n) => `${n} = EXCLUDED.${n}`);
  await tx.query(
    named(`INSERT INTO ${table} (${names.join(", ")}) SELECT ${names.join(", ")} FROM ${recordset(columns)}
     ON CONFLICT (${key}) DO UPDATE SET ${updates.join(", ")}`),
    [JSON.stringify(rows)],
  );
}

/** A backslash escape in JSON text other than \" and \\ (a control character): Postgres would read it differently. */
const OTHER_ESCAPE = /\\[^"\\]/;

/**
 * A Postgres array literal of strings, numbers, booleans and nulls. A JSON array is one already,
 * once its brackets become braces: strings are quoted with \" and \\ escaped as Postgres reads
 * them, and an unquoted null is NULL in any case. JSON escapes control characters as \n, \u0001
 * and so on, which Postgres would not read back; values holding one are quoted here instead.
 */
export function arrayLiteral(values: readonly (string | number | boolean | null | undefined)[]): string {
  const json = JSON.stringify(values);
  if (!OTHER_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
  const quoted = values.map((v) => (v === null || v === undefined ? "NULL" : `"${String(v).replace(/["\\]/g, "\\$&")}"`));
  return `{${quoted.join(",")}}`;
}

type Value = string | number | boolean | null | undefined;

/** One column's values as an array literal; jsonb values travel as their JSON text. */
function columnLiteral(rows: readonly object[], name: string, type: string): string {
  const values = rows.map((row) => (row as Record<string, unknown>)[name]);
  return arrayLiteral(
    type === "jsonb" ? values.map((v) => (v === null || v === undefined ? null : JSON.stringify(v))) : (values as Value[]),
  );
}

/**
 * Inserts many rows with one statement, one array parameter per column unnested server-side:
 * Postgres takes typed arrays apart in about two thirds of the time it takes to take the same rows
 * out of JSON, and a rebuild of a timeline repeats these statements a hundred times.
 * `tail` is appended as is: a condition on the rows, named `r` (e.g. "WHERE NOT EXISTS (… r.lead_id)"),
 * and/or a conflict clause (e.g. "ON CONFLICT DO NOTHING").
 */
export async function insertColumns(tx: Queryable, table: string, columns: Columns, rows: readonly object[], tail = "") {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const casts = names.map((name, i) => `$${i + 1}::${columns[name]}[]`);
  const values = names.map((name) => columnLiteral(rows, name, columns[name]!));
  await tx.query(named(`INSERT INTO ${table} (${names.join(", ")}) SELECT * FROM unnest(${casts.join(", ")}) AS r(${names.join(", ")}) ${tail}`), values);
}
