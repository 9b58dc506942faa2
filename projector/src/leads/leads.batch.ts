import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { FIRST_RANK, rankAfter, rankBefore, rankBetween } from "@crm/contracts/lead/rank";
import { leads, leadStageCounts } from "@crm/contracts/read-models/leads";
import { named, type Queryable } from "@crm/infra/db/database";
import { upsertRows } from "../sql.ts";
import { ColumnRanks } from "./column-ranks.ts";
import { leadCard } from "./lead-card.ts";
import { LEAD_COLUMNS, LEAD_WRITE_COLUMNS, type LeadRow } from "./leads.schema.ts";

/** The top rank of column s.stage among the rows a batch does not touch ($1): one index probe. */
const TOP_OF_UNTOUCHED = `(SELECT rank FROM ${leads} WHERE stage = s.stage AND id <> ALL($1::uuid[]) ORDER BY rank LIMIT 1)`;

const COLUMNS = Object.keys(LEAD_COLUMNS)
  .map((c) => `l.${c}`)
  .join(", ");
const LOAD = named(`SELECT ${COLUMNS} FROM ${leads} l WHERE id = ANY($1::uuid[])`);
// The statement that probes the column tops is planned at each call, not prepared: a plan kept
// from while leads was small (a new database, before autovacuum's first ANALYZE) took 6 ms a batch
// once the table had grown to thousands of leads; planned per call, 0.2-0.3 ms.
/** The rows and, in one row at least, the tops, joined with each loaded lead. */
const LOAD_WITH_TOPS = `SELECT t.tops, ${COLUMNS}
  FROM (SELECT json_object_agg(s.stage, ${TOP_OF_UNTOUCHED}) AS tops FROM unnest($2::text[]) AS s(stage)) t
  LEFT JOIN ${leads} l ON l.id = ANY($1::uuid[])`;

/** Adds each stage's change in leads to its count: one statement for every stage a flush moved. */
const ADD_TO_COUNTS = named(`INSERT INTO ${leadStageCounts} (stage, leads) SELECT * FROM unnest($1::text[], $2::int[])
  ON CONFLICT (stage) DO UPDATE SET leads = ${leadStageCounts}.leads + EXCLUDED.leads`);

/** Writes lead rows, each with its card (the lead as the API sends it), in one statement. */
export const upsertLeads = (tx: Queryable, rows: readonly LeadRow[]) =>
  upsertRows(
    tx,
    leads.name,
    LEAD_WRITE_COLUMNS,
    "id",
    rows.map((row) => ({ ...row, card: leadCard(row) })),
  );

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
  private readonly deleted = new Set<string>();
  /** Per stage, the batch's own cards by rank. */
  private readonly columns = new Map<string, ColumnRanks>();
  /** Each loaded or written lead's stage as the table holds it (what the counts include). */
  private readonly stored: Map<string, string>;

  private constructor(
    private readonly tx: Queryable,
    private readonly rows: Map<string, LeadRow>,
    /** Per stage, the top rank among the rows this batch does not touch (absent: none); undefined unless loaded with placesOnTop. */
    private readonly untouchedTops?: Map<string, string>,
  ) {
    this.stored = new Map([...rows.values()].map((row) => [row.id, row.stage]));
    const byRankDescending = [...rows.values()].sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));
    for (const row of byRankDescending) this.column(row.stage).add(row.id, row.rank);
  }

  /**
   * Loads the rows of ids: the only leads the batch may change. With placesOnTop (the batch creates,
   * re-stages or drops cards), the same statement asks for each column's top among the other rows,
   * so that placing a card never waits.
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
    if (previous?.stage !== row.stage || previous.rank !== row.rank) this.column(row.stage).add(row.id, row.rank);
  }

  delete(id: string) {
    this.rows.delete(id);
    this.dirty.delete(id);
    this.deleted.add(id);
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
      return row?.stage === stage && row.rank === rank;
    });
    const top = own !== undefined && (untouched === undefined || own < untouched) ? own : untouched;
    return top !== undefined ? rankBefore(top) : FIRST_RANK;
  }

  /** The rank for a card dropped in stage between afterId (above it) and beforeId (below it). */
  async placeBetween(leadId: string, stage: LeadStage, afterId: string | null, beforeId: string | null): Promise<string> {
    const neighbour = (id: string | null) => {
      const row = id && id !== leadId ? this.rows.get(id) : undefined;
      return row?.stage === stage ? row : undefined;
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

  /** Writes every pending change: one upsert, one delete, one move of the counts. */
  async flush() {
    const counts = new Map<string, number>();
    const count = (stage: string | undefined, by: number) => {
      if (stage !== undefined) counts.set(stage, (counts.get(stage) ?? 0) + by);
    };
    const rows = [...this.dirty].map((id) => {
      const row = this.rows.get(id)!;
      const before = this.stored.get(id);
      if (before !== row.stage) {
        count(before, -1);
        count(row.stage, 1);
        this.stored.set(id, row.stage);
      }
      return row;
    });
    for (const id of this.deleted) {
      count(this.stored.get(id), -1);
      this.stored.delete(id);
    }
    this.dirty.clear();
    await upsertLeads(this.tx, rows);
    if (this.deleted.size > 0) await this.tx.query(`DELETE FROM ${leads} WHERE id = ANY($1::uuid[])`, [[...this.deleted]]);
    this.deleted.clear();
    const moved = [...counts].filter(([, by]) => by !== 0);
    if (moved.length > 0) await this.tx.query(ADD_TO_COUNTS, [moved.map(([stage]) => stage), moved.map(([, by]) => by)]);
  }
}
