// The peer for the append benchmark: Emmett's PostgreSQL event store (a dev dependency of bench/
// only), writing to its own tables in the same database as our store and the limit.
import { STREAM_DOES_NOT_EXIST } from "@event-driven-io/emmett";
import { getPostgreSQLEventStore } from "@event-driven-io/emmett-postgresql";
import pg from "pg";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { benchMetadata } from "./lead-data.ts";

export interface EmmettPeer {
  /** Appends the events as a new stream, as our store does for a create command. */
  append(streamId: string, events: readonly DomainEvent[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Emmett on its own pool of `max` connections (the same size as ours), schema created up front. */
export async function emmettPeer(connectionString: string, max: number): Promise<EmmettPeer> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => undefined); // an idle client dropped at shutdown must not crash the run
  const store = getPostgreSQLEventStore(connectionString, { connectionOptions: { pool }, schema: { autoMigration: "CreateOrUpdate" } });
  await store.schema.migrate();
  return {
    append: (streamId, events) => {
      const metadata = benchMetadata();
      return store.appendToStream(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
        { expectedStreamVersion: STREAM_DOES_NOT_EXIST },
      );
    },
    async close() {
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}
