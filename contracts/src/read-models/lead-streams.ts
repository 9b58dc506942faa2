import { table, text, uuid, type RowOf } from "./table.ts";

/**
 * Which streams hold a lead's events: its own stream and every stream whose events name it by
 * leadId. Stream ids and positions compare byte by byte (COLLATE "C").
 */
export const leadStreams = table(
  "lead_streams",
  {
    lead_id: uuid(),
    stream_id: text().collate("C"),
    first_position: text().collate("C"),
  },
  { primaryKey: ["lead_id", "stream_id"] },
);

export type LeadStreamRow = RowOf<typeof leadStreams>;

/** The tables of the lead_streams read model. */
export const LEAD_STREAMS_TABLES = [leadStreams] as const;
