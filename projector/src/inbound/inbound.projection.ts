import type { RecordedEvent } from "@crm/contracts/events/registry";
import { isInboundStream } from "@crm/contracts/inbound/stream";
import { messageIdOfStream } from "@crm/contracts/messaging/stream";
import {
  INBOUND_TABLES,
  inboundEmails,
  outboundEmails,
  type InboundEmailRow,
  type OutboundEmailRow,
} from "@crm/contracts/read-models/inbound";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows } from "../sql.ts";

const INBOUND_COLUMNS = sqlTypes(inboundEmails);
const OUTBOUND_COLUMNS = sqlTypes(outboundEmails);

const DDL = `
  ${createTableSql(inboundEmails)}
  CREATE INDEX inbound_emails_lead ON inbound_emails (lead_id, sent_at);
  ${createTableSql(outboundEmails)}
  CREATE INDEX outbound_emails_lead ON outbound_emails (lead_id, requested_at);
`;

const READER_INDEXES = "CREATE INDEX inbound_emails_unmatched ON inbound_emails (received_at DESC) WHERE lead_id IS NULL;";

/** What an erasure leaves of a row: the same as the redaction of its events (contracts/src/erasure/redact.ts). */
const ERASED = "[erased]";

function received(event: RecordedEvent & { type: "InboundEmailReceived" }): InboundEmailRow {
  const d = event.data;
  return {
    id: d.inboundId,
    stream_id: event.streamId,
    lead_id: d.leadId,
    message_id: d.messageId,
    kind: d.kind,
    from_address: d.from.address,
    from_name: d.from.name,
    to_addresses: d.to,
    subject: d.subject,
    text: d.text,
    sent_at: d.sentAt,
    attachments: d.attachments,
    in_reply_to: d.inReplyTo,
    status: d.leadId ? "matched" : "unmatched",
    received_at: event.metadata.at,
    position: event.position,
  };
}

function requested(event: RecordedEvent & { type: "EmailRequested" }): OutboundEmailRow {
  const d = event.data;
  return {
    id: d.messageId,
    lead_id: d.leadId,
    kind: d.kind,
    to_address: d.to,
    subject: d.subject,
    text: d.text,
    status: "queued",
    requested_at: event.metadata.at,
    requested_by: event.metadata.actor,
    version: event.streamVersion,
  };
}

const erasedInbound = (row: InboundEmailRow): InboundEmailRow => ({
  ...row,
  from_address: ERASED,
  from_name: ERASED,
  to_addresses: [],
  message_id: ERASED,
  subject: ERASED,
  text: ERASED,
  attachments: [],
  in_reply_to: null,
});

const erasedOutbound = (row: OutboundEmailRow): OutboundEmailRow => ({ ...row, to_address: ERASED, subject: ERASED, text: ERASED });

/** The rows a batch works on, by id, and what it changed. */
interface Batch {
  inbound: Map<string, InboundEmailRow>;
  outbound: Map<string, OutboundEmailRow>;
  touchedIn: Set<string>;
  touchedOut: Set<string>;
  archived: Set<string>;
}

/** The rows this batch touches (by id, and every row of a lead erased or archived in it), with one query per table. */
async function load(tx: Queryable, events: readonly RecordedEvent[]): Promise<Batch | undefined> {
  const inboundIds = new Set<string>();
  const outboundIds = new Set<string>();
  const leadsTouched = new Set<string>();
  for (const e of events) {
    if (e.type === "InboundEmailReceived" || e.type === "InboundEmailAssigned") inboundIds.add(e.data.inboundId);
    else if (e.type === "LeadErased" || e.type === "LeadArchived") leadsTouched.add(e.data.leadId);
    else if (e.type === "EmailRequested" || e.type === "EmailSent" || e.type === "EmailFailed") {
      const id = messageIdOfStream(e.streamId);
      if (id) outboundIds.add(id);
    }
  }
  if (inboundIds.size === 0 && outboundIds.size === 0 && leadsTouched.size === 0) return undefined;
  const leads = [...leadsTouched];
  const batch: Batch = { inbound: new Map(), outbound: new Map(), touchedIn: new Set(), touchedOut: new Set(), archived: new Set() };
  if (inboundIds.size > 0 || leads.length > 0) {
    const { rows } = await tx.query<InboundEmailRow>(
      `SELECT ${Object.keys(INBOUND_COLUMNS).join(", ")} FROM ${inboundEmails} WHERE id = ANY($1::uuid[]) OR lead_id = ANY($2::uuid[])`,
      [[...inboundIds], leads],
    );
    for (const r of rows) batch.inbound.set(r.id, r);
  }
  if (outboundIds.size > 0 || leads.length > 0) {
    const { rows } = await tx.query<OutboundEmailRow>(
      `SELECT ${Object.keys(OUTBOUND_COLUMNS).join(", ")} FROM ${outboundEmails} WHERE id = ANY($1::uuid[]) OR lead_id = ANY($2::uuid[])`,
      [[...outboundIds], leads],
    );
    for (const r of rows) batch.outbound.set(r.id, r);
  }
  return batch;
}

/** Folds one event into the batch's rows. */
function fold({ inbound, outbound, touchedIn, touchedOut, archived }: Batch, e: RecordedEvent) {
  switch (e.type) {
    case "InboundEmailReceived": {
      if (!isInboundStream(e.streamId) || inbound.has(e.data.inboundId)) return;
      inbound.set(e.data.inboundId, received(e));
      touchedIn.add(e.data.inboundId);
      return;
    }
    case "InboundEmailAssigned": {
      const row = inbound.get(e.data.inboundId);
      if (!row) return;
      inbound.set(row.id, { ...row, lead_id: e.data.leadId, status: "assigned" });
      touchedIn.add(row.id);
      return;
    }
    case "EmailRequested":
      outbound.set(e.data.messageId, requested(e));
      touchedOut.add(e.data.messageId);
      return;
    case "EmailSent":
    case "EmailFailed": {
      const id = messageIdOfStream(e.streamId);
      const row = id && outbound.get(id);
      if (!row) return;
      outbound.set(row.id, { ...row, status: e.type === "EmailSent" ? "sent" : "failed", version: e.streamVersion });
      touchedOut.add(row.id);
      return;
    }
    case "LeadErased":
      for (const row of inbound.values())
        if (row.lead_id === e.data.leadId) {
          inbound.set(row.id, erasedInbound(row));
          touchedIn.add(row.id);
        }
      for (const row of outbound.values())
        if (row.lead_id === e.data.leadId) {
          outbound.set(row.id, erasedOutbound(row));
          touchedOut.add(row.id);
        }
      return;
    case "LeadArchived":
      archived.add(e.data.leadId);
      return;
    default:
      return;
  }
}

/**
 * Loads the rows this batch touches, folds the events in memory, then writes with one statement per
 * table and deletes the archived leads' rows (decision 006).
 */
async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const batch = await load(tx, events);
  if (!batch) return;
  for (const e of events) fold(batch, e);
  const { inbound, outbound, touchedIn, touchedOut, archived } = batch;
  const alive = (row: { lead_id: string | null }) => row.lead_id === null || !archived.has(row.lead_id);
  await upsertRows(tx, inboundEmails.name, INBOUND_COLUMNS, "id", [...touchedIn].map((id) => inbound.get(id)!).filter(alive));
  await upsertRows(tx, outboundEmails.name, OUTBOUND_COLUMNS, "id", [...touchedOut].map((id) => outbound.get(id)!).filter(alive));
  if (archived.size > 0) {
    await tx.query(`DELETE FROM ${inboundEmails} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
    await tx.query(`DELETE FROM ${outboundEmails} WHERE lead_id = ANY($1::uuid[])`, [[...archived]]);
  }
}

/** The lead a conversation event concerns, if any. */
function leadOf(event: RecordedEvent): string | undefined {
  switch (event.type) {
    case "InboundEmailReceived":
      return event.data.leadId ?? undefined;
    case "InboundEmailAssigned":
    case "EmailRequested":
    case "EmailSent":
    case "EmailFailed":
    case "LeadErased":
    case "LeadArchived":
      return event.data.leadId;
    default:
      return undefined;
  }
}

/**
 * The inbound read model (docs/product.md, "Replies"): the messages that came in, matched to a
 * lead or waiting in the unmatched inbox, and the mails we asked to send a lead, so that a lead's
 * conversation reads both directions from one place.
 */
export const inboundProjection: Projection = {
  name: "inbound",
  version: 1,
  tables: INBOUND_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics(events) {
    const leads = new Set<string>();
    let inbox = false;
    for (const e of events) {
      if (e.type === "InboundEmailReceived" && e.data.leadId === null) inbox = true;
      if (e.type === "InboundEmailAssigned") inbox = true;
      if (e.type === "LeadErased" || e.type === "LeadArchived") inbox = true; // an assigned message may leave with its lead
      if (e.type === "LeadErased" || e.type === "LeadArchived" || isInboundStream(e.streamId) || messageIdOfStream(e.streamId)) {
        const lead = leadOf(e);
        if (lead) leads.add(lead);
      }
    }
    return [...(inbox ? ["inbox"] : []), ...[...leads].map((id) => `conversation:${id}`)];
  },
};
