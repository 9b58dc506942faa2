/**
 * A read model's table, declared once (docs/decisions/044-read-model-contracts.md): its name, each
 * column's SQL type, nullability, default, collation and key. The row type is inferred from the
 * declaration, the DDL is made from it (createTableSql), and the projector, the read API and the
 * command service name the table and its columns through it. Plain data and strings: no I/O here.
 */

/** What each SQL type reads as through infra's type parsers (int8 stays text: it may exceed 2^53). */
interface TsTypes {
  uuid: string;
  text: string;
  integer: number;
  /** Written as a number from an event, read back as text (TYPE_PARSERS): cast it where a number is read. */
  bigint: string | number;
  boolean: boolean;
  timestamptz: string;
  jsonb: unknown;
}

export type SqlType = keyof TsTypes;

export interface ColumnSpec {
  readonly type: SqlType;
  readonly nullable: boolean;
  readonly primaryKey: boolean;
  /** An SQL expression. */
  readonly default?: string;
  /** e.g. "C": compared byte by byte. */
  readonly collate?: string;
  /** GENERATED ALWAYS AS (expression) STORED: written by Postgres, never by the projection. */
  readonly generated?: string;
}

/** One column: its spec, and (in the type only) its TypeScript value, nullability and whether Postgres generates it. */
export class Column<T = unknown, N extends boolean = boolean, G extends boolean = boolean> {
  declare readonly _value: T;
  declare readonly _nullable: N;
  declare readonly _generated: G;
  readonly spec: ColumnSpec;

  constructor(spec: ColumnSpec) {
    this.spec = spec;
  }

  /** NULL allowed (columns are NOT NULL unless they say so). */
  nullable(): Column<T, true, G> {
    return new Column({ ...this.spec, nullable: true });
  }

  primaryKey(): Column<T, N, G> {
    return new Column({ ...this.spec, primaryKey: true });
  }

  default(sql: string): Column<T, N, G> {
    return new Column({ ...this.spec, default: sql });
  }

  collate(collation: string): Column<T, N, G> {
    return new Column({ ...this.spec, collate: collation });
  }

  generated(expression: string): Column<T, N, true> {
    return new Column({ ...this.spec, generated: expression });
  }

  /** Narrows the value's TypeScript type (a jsonb document's shape, a text column's union). */
  as<U extends T>(): Column<U, N, G> {
    return this as unknown as Column<U, N, G>;
  }
}

const column = <S extends SqlType>(type: S) => new Column<TsTypes[S], false, false>({ type, nullable: false, primaryKey: false });

export const uuid = () => column("uuid");
export const text = () => column("text");
export const integer = () => column("integer");
export const bigint = () => column("bigint");
export const boolean = () => column("boolean");
export const timestamptz = () => column("timestamptz");
export const jsonb = () => column("jsonb");

export type Columns = Readonly<Record<string, Column>>;

/** `leads.as("l").stage` is "l.stage"; unaliased, "stage". Its string form is the table with its alias ("leads l"). */
export type TableRef<C extends Columns> = { readonly [K in keyof C & string]: string };

export interface TableContract<C extends Columns = Columns, N extends string = string> {
  readonly name: N;
  readonly columns: C;
  /** Column names, each typed: `leads.c.stage` is "stage", and a name the contract lacks does not compile. */
  readonly c: { readonly [K in keyof C & string]: K };
  /** A key over several columns (PRIMARY KEY (a, b)); a single-column key says primaryKey() on its column. */
  readonly primaryKey?: readonly (keyof C & string)[];
  readonly unique?: readonly (readonly (keyof C & string)[])[];
  /** The table under an alias, for column references in SQL: `${l.stage}` is "l.stage", `${l}` is "leads l". */
  as(alias?: string): TableRef<C>;
  /** The table's name: `${leads}` in SQL is "leads". */
  toString(): string;
}

type ValueOf<C> = C extends Column<infer T, infer N> ? (N extends true ? T | null : T) : never;
type Written<C extends Columns> = { [K in keyof C]: C[K] extends Column<unknown, boolean, true> ? never : K }[keyof C];

/** A row as the projection writes it and a `SELECT` of those columns reads it: every column but the generated ones. */
export type RowOf<T extends TableContract> = { -readonly [K in Written<T["columns"]>]: ValueOf<T["columns"][K]> };

export function table<const N extends string, const C extends Columns>(
  name: N,
  columns: C,
  keys: { primaryKey?: readonly (keyof C & string)[]; unique?: readonly (readonly (keyof C & string)[])[] } = {},
): TableContract<C, N> {
  const names = Object.keys(columns) as (keyof C & string)[];
  const c = Object.fromEntries(names.map((n) => [n, n])) as TableContract<C>["c"];
  const as = (alias?: string): TableRef<C> => {
    const ref = Object.fromEntries(names.map((n) => [n, alias ? `${alias}.${n}` : n]));
    return Object.assign(ref, { toString: () => (alias ? `${name} ${alias}` : name) }) as TableRef<C>;
  };
  return { name, columns, c, ...keys, as, toString: () => name };
}

/** Name to SQL type of the columns a projection writes (every column but the generated ones), in table order. */
export function sqlTypes<C extends Columns>(contract: TableContract<C>): { readonly [K in Written<C> & string]: SqlType } {
  const written = Object.entries(contract.columns).filter(([, col]) => col.spec.generated === undefined);
  return Object.fromEntries(written.map(([n, col]) => [n, col.spec.type])) as { readonly [K in Written<C> & string]: SqlType };
}

function columnSql(name: string, { type, nullable, primaryKey, default: fallback, collate, generated }: ColumnSpec): string {
  return [
    name,
    type,
    collate && `COLLATE "${collate}"`,
    generated !== undefined && `GENERATED ALWAYS AS (${generated}) STORED`,
    !nullable && !primaryKey && "NOT NULL",
    primaryKey && "PRIMARY KEY",
    fallback !== undefined && `DEFAULT ${fallback}`,
  ]
    .filter(Boolean)
    .join(" ");
}

/** CREATE TABLE for the contract, with its unqualified name (a rebuild creates it in a shadow schema). */
export function createTableSql(contract: TableContract): string {
  const lines = [
    ...Object.entries(contract.columns).map(([name, col]) => columnSql(name, col.spec)),
    ...(contract.primaryKey ? [`PRIMARY KEY (${contract.primaryKey.join(", ")})`] : []),
    ...(contract.unique ?? []).map((cols) => `UNIQUE (${cols.join(", ")})`),
  ];
  return `CREATE TABLE ${contract.name} (\n  ${lines.join(",\n  ")}\n);`;
}

/** snake_case to camelCase: the API's name for a column. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

/** camelCase to snake_case: the column of an API name (`proposalLink` is stored in `proposal_link`). */
export const snake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * A select list of these columns under their API names: `proposal_link AS "proposalLink"`, and a
 * name that is one word already as is. `ref` says how to qualify them (`leads.as("l")`).
 */
export function selectAs<C extends Columns>(ref: TableRef<C>, names: readonly (keyof C & string)[]): string {
  return names.map((n) => (camel(n) === n ? ref[n] : `${ref[n]} AS "${camel(n)}"`)).join(", ");
}
