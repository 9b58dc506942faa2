import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Queryable } from "@crm/infra/db/database";

/**
 * A read model: its tables (DDL with unqualified names, so a rebuild can create them in a
 * shadow schema) and a handler that applies a batch of events set-based, inside the
 * transaction that also moves its checkpoint.
 */
export interface Projection {
  name: string;
  /** Bump it when the tables or handlers change: the projection is rebuilt at start. */
  version: number;
  /**
   * The oldest version of these tables that the read API's current queries can read (default:
   * `version`). A bump rebuilds in the background while the old tables keep serving; reads that
   * need tables older than this answer 503 until the swap (decisions/030). A bump that changes
   * only handlers, or tables in a way the readers already cope with, leaves it lower.
   */
  readableFrom?: number;
  tables: readonly string[];
  ddl: string;
  /**
   * Indexes that only the read API uses, no handler's statement: a rebuild creates them once its
   * tables are filled, in one pass each, rather than updating them row by row.
   */
  readerIndexes?: string;
  apply(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
  /** Names the UI uses to invalidate its queries after these events ("leads", "lead:<id>", …). */
  topics(events: readonly RecordedEvent[]): string[];
}
