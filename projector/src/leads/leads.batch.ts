import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { FIRST_RANK, rankAfter, rankBefore, rankBetween } from "@crm/contracts/lead/rank";
import { leadSearchText } from "@crm/contracts/lead/fold";
import { closedLeads, leads, leadStageCounts } from "@crm/contracts/read-models/leads";
import { named, type Queryable } from "@crm/infra/db/database";
import { upsertRows } from "../sql.ts";
import { ColumnRanks } from "./column-ranks.ts";
import { leadCard } from "./lead-card.ts";
import { CLOSED_ONLY_COLUMNS, CLOSED_WRITE_COLUMNS, LEAD_COLUMNS, LEAD_WRITE_COLUMNS, type LeadRow } from "./leads.schema.ts";

/** The top rank of column s.stage among the rows a batch does not touch ($1): one index probe. */
const TOP_OF_UNTOUCHED = `(SELECT rank FROM ${leads} WHERE stage = s.stage AND id <> ALL($1::uuid[]) ORDER BY rank LIMIT 1)`;

const COLUMNS = Object.keys(LEAD_COLUMNS);
/** An open lead's row with the closed-only columns as an open lead has them; a closed lead's as stored. */
const OPEN_SELECT = [...COLUMNS, `'open' AS status`, ...CLOSED_ONLY_COLUMNS.slice(1).map((c) => `NULL AS ${c}`)].join(", ");
const CLOSED_SELECT = [...COLUMNS, ...CLOSED_ONLY_COLUMNS].join(", ");
/** The ids' rows, wherever they are (a lead is in leads or in closed_leads, never both). */
const ROWS_OF = (ids: string) =>
  `SELECT ${OPEN_SELECT} FROM ${leads} WHERE id = ANY(${ids}::uuid[]) UNION ALL SELECT ${CLOSED_SELECT} FROM ${closedLeads} WHERE id = ANY(${ids}::uuid[])`;
const LOAD = named(ROWS_OF("$1"));
// The statement that probes the column tops is planned at each call, not prepared: a plan kept
// from while leads was small (a new database, before autovacuum's first ANALYZE) took 6 ms a batch
// once the table had grown to thousands of leads; planned per call, 0.2-0.3 ms.
/** The rows and, in one row at least, the tops, joined with each loaded lead. */
const LOAD_WITH_TOPS = `SELECT t.tops, l.*
  FROM (SELECT json_object_agg(s.stage, ${TOP_OF_UNTOUCHED}) AS tops FROM unnest($2::text[]) AS s(stage)) t
  LEFT JOIN (${ROWS_OF("$1")}) l ON true`;

/** Adds each stage's change in leads and value sums to its row: one statement for every stage a flush moved. */
const ADD_TO_COUNTS = named(`INSERT INTO ${leadStageCounts} (stage, leads, value_sum, explicit_weighted_sum, default_value_sum)
  SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[], $5::bigint[])
  ON CONFLICT (stage) DO UPDATE SET leads = ${leadStageCounts}.leads + EXCLUDED.leads,
    value_sum = ${leadStageCounts}.value_sum + EXCLUDED.value_sum,
    explicit_weighted_sum = ${leadStageCounts}.explicit_weighted_sum + EXCLUDED.explicit_weighted_sum,
    default_value_sum = ${leadStageCounts}.default_value_sum + EXCLUDED.default_value_sum`);

/** What an open lead adds to its stage's row of lead_stage_counts; a closed lead adds nothing. */
interface Share {
  stage: string;
  value: number;
  /** round(value x probability / 100) when the lead has its own probability. */
  explicit: number;
  /** The value, when the lead follows the stage's default probability. */
  byDefault: number;
}

export function shareOf(row: LeadRow): Share | undefined {
  if (row.status !== "open") return undefined;
  const value = row.value_minor === null ? 0 : Number(row.value_minor);
  const own = row.probability;
  return { stage: row.stage, value, explicit: own === null ? 0 : Math.round((value * own) / 100), byDefault: own === null ? value : 0 };
}

const rendered = (row: LeadRow) => ({ ...row, card: leadCard(row), search: leadSearchText(row) });

/** Writes open lead rows, each with its card (the lead as the API sends it) and folded search text, in one statement. */
export const upsertLeads = (tx: Queryable, rows: readonly LeadRow[]) =>
  upsertRows(tx, leads.name, LEAD_WRITE_COLUMNS, "id", rows.map(rendered));

/** Writes closed lead rows (lost, archived), likewise. */
export const upsertClosedLeads = (tx: Queryable, rows: readonly LeadRow[]) =>
  upsertRows(tx, closedLeads.name, CLOSED_WRITE_COLUMNS, "id", rows.map(rendered));

const topsOf = (tops: Record<string, string | null>) => new Map(Object.entries(tops).filter((e): e is [string, string] => e[1] !== null));

/**
 * The leads rows one batch touches, held in memory and written back in one statement. A batch
 * writes only the leads it was loaded with, so the rest of the table holds still meanwhile: the
 * top of a column is the top of those untouched rows (asked once per batch) or of the batch's own
 * cards (kept in memory), and new and re-staged cards need no further round trip. The top is
 * always exact, so ranks do not depend on how the log was cut into batches (a rebuild writes the
 * same ranks as the live runner did). Dropping a card next to a neighbour asks SQL for the
 * neighbour's successor, after flushing the pending rows so that SQL and memory agree. Each flush
 * also moves the per-stage counts (lead_stage_counts) by the leads that entered or left a stage,
 * so the board counts its columns without scanning them.
 */
export class LeadBatch {
  private readonly dirty = new Set<string>();
  /** Per stage, the batch's own open cards by rank. */
  private readonly columns = new Map<string, ColumnRanks>();
  /** Each loaded or written lead as the tables hold it: open (with its share of the counts) or closed. */
  private readonly stored: Map<string, { open: boolean; share?: Share }>;

  private constructor(
    private readonly tx: Queryable,
    private readonly rows: Map<string, LeadRow>,
    /** Per stage, the top rank among the rows this batch does not touch (absent: none); undefined unless loaded with placesOnTop. */
    private readonly untouchedTops?: Map<string, string>,
  ) {
    this.stored = new Map([...rows.values()].map((row) => [row.id, { open: row.status === "open", share: shareOf(row) }]));
    const byRankDescending = [...rows.values()].sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));
    for (const row of byRankDescending) if (row.status === "open") this.column(row.stage).add(row.id, row.rank);
  }

  /**
   * Loads the rows of ids, open or closed: the only leads the batch may change. With placesOnTop
   * (the batch creates, re-stages, drops, reopens or restores cards), the same statement asks for
   * each column's top among the other rows, so that placing a card never waits.
   */
  static async load(tx: Queryable, ids: readonly string[], placesOnTop = false): Promise<LeadBatch> {
    if (!placesOnTop) {
      const { rows } = await tx.query<LeadRow>(LOAD, [ids]);
      return new LeadBatch(tx, new Map(rows.map((r) => [r.id, r])));
    }
    const { rows } = await tx.query<LeadRow & { tops: Record<string, string | null> }>(LOAD_WITH_TOPS, [ids, LEAD_STAGES]);
    const loaded = new Map(rows.flatMap(({ tops: _, ...row }) => (row.id === null ? [] : [[row.id, row] as const])));
    return new LeadBatch(tx, loaded, topsOf(rows[0]!.tops));
  }

  get(id: string): LeadRow | undefined {
    return this.rows.get(id);
  }

  set(row: LeadRow) {
    const previous = this.rows.get(row.id);
    this.rows.set(row.id, row);
    this.dirty.add(row.id);
    const moved = previous?.stage !== row.stage || previous.rank !== row.rank || previous.status !== row.status;
    if (row.status === "open" && moved) this.column(row.stage).add(row.id, row.rank);
  }

  private column(stage: string): ColumnRanks {
    let column = this.columns.get(stage);
    if (!column) this.columns.set(stage, (column = new ColumnRanks()));
    return column;
  }

  /** A rank above every card of the stage: where new and re-staged cards go. */
  topRank(stage: LeadStage): string {
    if (!this.untouchedTops) throw new Error("A batch that places cards on top is loaded with placesOnTop");
    const untouched = this.untouchedTops.get(stage);
    const own = this.columns.get(stage)?.top((id, rank) => {
      const row = this.rows.get(id);
      return row?.status === "open" && row.stage === stage && row.rank === rank;
    });
    const top = own !== undefined && (untouched === undefined || own < untouched) ? own : untouched;
    return top !== undefined ? rankBefore(top) : FIRST_RANK;
  }

  /** The rank for a card dropped in stage between afterId (above it) and beforeId (below it). */
  async placeBetween(leadId: string, stage: LeadStage, afterId: string | null, beforeId: string | null): Promise<string> {
    const neighbour = (id: string | null) => {
      const row = id && id !== leadId ? this.rows.get(id) : undefined;
      return row?.status === "open" && row.stage === stage ? row : undefined;
    };
    const above = neighbour(afterId);
    const below = neighbour(beforeId);
    if (above && below && above.rank < below.rank) return rankBetween(above.rank, below.rank);
    if (above) {
      const next = await this.neighbourRank(leadId, stage, above.rank, "after");
      return next ? rankBetween(above.rank, next) : rankAfter(above.rank);
    }
    if (below) {
      const previous = await this.neighbourRank(leadId, stage, below.rank, "before");
      return previous ? rankBetween(previous, below.rank) : rankBefore(below.rank);
    }
    return this.topRank(stage);
  }

  /** The nearest rank in stage after (or before) rank, other than the moving card's own. */
  private async neighbourRank(leadId: string, stage: string, rank: string, side: "after" | "before"): Promise<string | undefined> {
    await this.flush();
    const [op, order] = side === "after" ? [">", "ASC"] : ["<", "DESC"];
    const { rows } = await this.tx.query<{ rank: string }>(
      `SELECT rank FROM ${leads} WHERE stage = $1 AND rank ${op} $2 AND id <> $3::uuid ORDER BY rank ${order} LIMIT 1`,
      [stage, rank, leadId],
    );
    return rows[0]?.rank;
  }

  /**
   * Writes every pending change: open rows to leads, closed ones to closed_leads (each removed from
   * the table it left), and one move of the counts and value sums by what entered or left a stage.
   */
  async flush() {
    const counts = new Map<string, [number, number, number, number]>();
    const count = (share: Share | undefined, by: 1 | -1) => {
      if (!share) return;
      const c = counts.get(share.stage) ?? [0, 0, 0, 0];
      counts.set(share.stage, [c[0] + by, c[1] + by * share.value, c[2] + by * share.explicit, c[3] + by * share.byDefault]);
    };
    const open: LeadRow[] = [];
    const closed: LeadRow[] = [];
    const leftOpen: string[] = [];
    const leftClosed: string[] = [];
    for (const id of this.dirty) {
      const row = this.rows.get(id)!;
      const before = this.stored.get(id);
      const now = { open: row.status === "open", share: shareOf(row) };
      count(before?.share, -1);
      count(now.share, 1);
      if (before && before.open !== now.open) (before.open ? leftOpen : leftClosed).push(id);
      this.stored.set(id, now);
      (now.open ? open : closed).push(row);
    }
    this.dirty.clear();
    await upsertLeads(this.tx, open);
    if (closed.length > 0) await upsertClosedLeads(this.tx, closed);
    if (leftOpen.length > 0) await this.tx.query(`DELETE FROM ${leads} WHERE id = ANY($1::uuid[])`, [leftOpen]);
    if (leftClosed.length > 0) await this.tx.query(`DELETE FROM ${closedLeads} WHERE id = ANY($1::uuid[])`, [leftClosed]);
    const moved = [...counts].filter(([, c]) => c.some((n) => n !== 0));
    if (moved.length > 0) {
      const column = (i: number) => moved.map(([, c]) => c[i]);
      await this.tx.query(ADD_TO_COUNTS, [moved.map(([stage]) => stage), column(0), column(1), column(2), column(3)]);
    }
  }
}
