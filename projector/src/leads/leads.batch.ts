import type { LeadStage } from "@crm/contracts/lead/lead";
import { FIRST_RANK, rankAfter, rankBefore, rankBetween } from "@crm/contracts/lead/rank";
import type { Queryable } from "@crm/infra/db/database";
import { upsertRows } from "../sql.ts";
import { LEAD_COLUMNS, type LeadRow } from "./leads.schema.ts";

/**
 * The leads rows one batch touches, held in memory and written back in one statement. Placing a
 * card needs its column's top rank or a neighbour's successor: those questions flush the pending
 * rows first, so SQL and memory always agree. Creations only ask for the top of "New Lead" once
 * per batch (then the cache answers), which keeps a rebuild set-based.
 */
export class LeadBatch {
  private readonly dirty = new Set<string>();
  private readonly deleted = new Set<string>();
  /** Per stage, the rank of its top card (null: the column is empty). */
  private readonly tops = new Map<string, string | null>();

  private constructor(
    private readonly tx: Queryable,
    private readonly rows: Map<string, LeadRow>,
  ) {}

  static async load(tx: Queryable, ids: readonly string[]): Promise<LeadBatch> {
    const { rows } = await tx.query<LeadRow>(`SELECT ${Object.keys(LEAD_COLUMNS).join(", ")} FROM leads WHERE id = ANY($1::uuid[])`, [ids]);
    return new LeadBatch(tx, new Map(rows.map((r) => [r.id, r])));
  }

  get(id: string): LeadRow | undefined {
    return this.rows.get(id);
  }

  set(row: LeadRow) {
    const previous = this.rows.get(row.id);
    if (previous && (previous.stage !== row.stage || previous.rank !== row.rank)) this.leaving(previous);
    this.rows.set(row.id, row);
    this.dirty.add(row.id);
    const top = this.tops.get(row.stage);
    if (this.tops.has(row.stage) && (top === null || row.rank < top!)) this.tops.set(row.stage, row.rank);
  }

  delete(id: string) {
    const previous = this.rows.get(id);
    if (previous) this.leaving(previous);
    this.rows.delete(id);
    this.dirty.delete(id);
    this.deleted.add(id);
  }

  /**
   * A card leaves its place: if it was the top of its column, ask SQL again next time. The cached
   * top is always exact, so ranks do not depend on how the log was cut into batches (a rebuild
   * writes the same ranks as the live runner did).
   */
  private leaving(row: LeadRow) {
    if (this.tops.get(row.stage) === row.rank) this.tops.delete(row.stage);
  }

  /** A rank above every card of the stage: where new and re-staged cards go. */
  async topRank(stage: LeadStage): Promise<string> {
    if (!this.tops.has(stage)) {
      await this.flush();
      const { rows } = await this.tx.query<{ top: string | null }>("SELECT min(rank) AS top FROM leads WHERE stage = $1", [stage]);
      this.tops.set(stage, rows[0]?.top ?? null);
    }
    const top = this.tops.get(stage);
    return top ? rankBefore(top) : FIRST_RANK;
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
      `SELECT rank FROM leads WHERE stage = $1 AND rank ${op} $2 AND id <> $3::uuid ORDER BY rank ${order} LIMIT 1`,
      [stage, rank, leadId],
    );
    return rows[0]?.rank;
  }

  /** Writes every pending change: one upsert, one delete. */
  async flush() {
    const rows = [...this.dirty].map((id) => this.rows.get(id)!);
    this.dirty.clear();
    await upsertRows(this.tx, "leads", LEAD_COLUMNS, "id", rows);
    if (this.deleted.size > 0) await this.tx.query("DELETE FROM leads WHERE id = ANY($1::uuid[])", [[...this.deleted]]);
    this.deleted.clear();
  }
}
