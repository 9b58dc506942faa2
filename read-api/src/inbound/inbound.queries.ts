import {
  inboundAttachmentPath,
  type ConversationEntry,
  type InboundAttachmentAnswer,
  type InboundAttachmentLink,
  type InboxMessage,
} from "@crm/contracts/inbound/answers";
import { inboundEmails, outboundEmails } from "@crm/contracts/read-models/inbound";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

const links = (inboundId: string, attachments: readonly InboundAttachmentAnswer[]): InboundAttachmentLink[] =>
  attachments.map(({ fileId, name, contentType, size }) => ({
    fileId,
    name,
    contentType,
    size,
    url: inboundAttachmentPath(inboundId, fileId),
  }));

const i = inboundEmails.as("i");
const INBOX_COLUMNS = selectAs(i, ["id", "kind", "from_address", "from_name", "subject", "text", "sent_at", "received_at", "attachments"]);

type InboxRow = Omit<InboxMessage, "attachments" | "to"> & { attachments: InboundAttachmentAnswer[]; to: string[] };

/** The unmatched inbox: messages no lead claims yet, newest first. */
export async function unmatchedMessages(q: Queryable, limit: number): Promise<InboxMessage[]> {
  const { rows } = await q.query<InboxRow>(
    `SELECT ${INBOX_COLUMNS}, i.to_addresses AS "to" FROM ${i} WHERE i.lead_id IS NULL ORDER BY i.received_at DESC, i.id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, attachments: links(r.id, r.attachments) }));
}

interface InRow {
  id: string;
  kind: string;
  from_address: string;
  from_name: string;
  to_addresses: string[];
  subject: string;
  text: string;
  sent_at: string;
  status: string;
  attachments: InboundAttachmentAnswer[];
}

interface OutRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text: string;
  status: string;
  requested_at: string;
  sender: string | null;
}

/**
 * A lead's mail thread in time order, both directions: what came in (by its Date), and what we
 * asked to send (by when it was asked), each with who it was from and to. Our mails name the agency's
 * sending address (mailFrom) and the colleague who sent them.
 */
export async function conversationOfLead(q: Queryable, leadId: string, mailFrom: string): Promise<ConversationEntry[]> {
  const [incoming, outgoing] = await Promise.all([
    q.query<InRow>(
      `SELECT id, kind, from_address, from_name, to_addresses, subject, text, sent_at, status, attachments FROM ${inboundEmails} WHERE lead_id = $1`,
      [leadId],
    ),
    q.query<OutRow>(
      `SELECT o.id, o.kind, o.to_address, o.subject, o.text, o.status, o.requested_at, u.display_name AS sender
       FROM ${outboundEmails} o LEFT JOIN ${users} u ON u.id::text = o.requested_by WHERE o.lead_id = $1`,
      [leadId],
    ),
  ]);
  const entries: ConversationEntry[] = [
    ...incoming.rows.map((r) => ({
      id: r.id,
      direction: "in" as const,
      kind: r.kind,
      fromAddress: r.from_address,
      fromName: r.from_name,
      to: r.to_addresses.join(", "),
      subject: r.subject,
      text: r.text,
      at: r.sent_at,
      status: r.status,
      attachments: links(r.id, r.attachments),
    })),
    ...outgoing.rows.map((r) => ({
      id: r.id,
      direction: "out" as const,
      kind: r.kind,
      fromAddress: mailFrom,
      fromName: r.sender ?? "",
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      at: r.requested_at,
      status: r.status,
      attachments: [],
    })),
  ];
  return entries.sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? -1 : 1));
}

/** One inbound message's stored file, for the download route; undefined when the message or the file is unknown. */
export async function inboundAttachment(q: Queryable, inboundId: string, fileId: string): Promise<InboundAttachmentAnswer | undefined> {
  const { rows } = await q.query<{ attachments: InboundAttachmentAnswer[] }>(`SELECT attachments FROM ${inboundEmails} WHERE id = $1`, [
    inboundId,
  ]);
  return rows[0]?.attachments.find((a) => a.fileId === fileId);
}
