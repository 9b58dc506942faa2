import type { Lead } from "@crm/contracts/lead/lead";
import type { LeadRow } from "./leads.schema.ts";

/** Timestamps as JSON.stringify writes a Date (UTC, milliseconds), whatever form the row holds. */
const iso = (at: string) => new Date(at).toISOString();
const isoOrNull = (at: string | null) => (at === null ? null : iso(at));

/**
 * The lead as the API sends it (GET /api/leads/{id}, and each element of GET /api/leads and of the
 * Lost and Archived views), rendered once when the row is written: the board is then a
 * concatenation of stored texts rather than ten thousand JSON objects built at every read
 * (decisions/024).
 */
export function leadCard(row: LeadRow): string {
  const lead: Lead = {
    id: row.id,
    name: row.name,
    business: row.business,
    email: row.email,
    phone: row.phone,
    stage: row.stage,
    source: row.source,
    priority: row.priority,
    proposalLink: row.proposal_link,
    contractStatus: row.contract_status,
    notes: row.notes,
    lastActivity: row.last_activity,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by,
    assignedTo: row.assigned_to,
    creativeDirectorId: row.creative_director_id,
    valueMinor: row.value_minor === null ? null : Number(row.value_minor),
    expectedCloseOn: row.expected_close_on,
    probability: row.probability,
    wonAt: isoOrNull(row.won_at),
    status: row.status,
    closedAt: isoOrNull(row.closed_at),
    lostReason: row.lost_reason,
    lostNote: row.lost_note,
    emailUndeliverable: row.email_undeliverable,
    version: row.version,
  };
  return JSON.stringify(lead);
}
