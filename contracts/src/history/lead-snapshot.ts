import type { RecordedEvent } from "../events/registry.ts";
import { describeLeadEvent } from "../lead/describe.ts";
import type { Lead } from "../lead/lead.ts";
import { LEAD_EVENT_TYPES } from "../lead/stream.ts";

/** The event types that change the lead as the board shows it; other events on its stream leave it as it is. */
const leadEventTypes: ReadonlySet<string> = new Set(LEAD_EVENT_TYPES);

export const isLeadEvent = (event: RecordedEvent) => leadEventTypes.has(event.type);

/** What an archived lead was before its archive, so that a restore puts it back (not a field: diffs and answers never see it). */
const BEFORE_ARCHIVE = Symbol("beforeArchive");
type Folded = Lead & { [BEFORE_ARCHIVE]?: Lead };

/**
 * The lead after one more event of its own stream, as the leads read model would have it then
 * (same fields, same rules: version and updatedAt move with lead events only). Undefined before
 * it was created; a lost or archived lead is there with its status.
 */
export function foldLead(lead: Lead | undefined, event: RecordedEvent): Lead | undefined {
  if (!isLeadEvent(event)) return lead;
  const at = event.metadata.at;
  if (event.type === "LeadCreated") {
    const { leadId, ...fields } = event.data;
    return {
      id: leadId,
      ...fields,
      lastActivity: describeLeadEvent(event)?.title ?? null,
      createdAt: at,
      updatedAt: at,
      createdBy: event.metadata.actor,
      // Every lead has an owner: its creator until reassigned.
      assignedTo: event.metadata.actor,
      creativeDirectorId: null,
      valueMinor: null,
      expectedCloseOn: null,
      probability: null,
      wonAt: null,
      status: "open",
      closedAt: null,
      lostReason: null,
      lostNote: null,
      emailUndeliverable: null,
      version: event.streamVersion,
    };
  }
  if (!lead) return undefined;
  const next = evolveLead(lead, event);
  return { ...next, updatedAt: at, version: event.streamVersion, lastActivity: describeLeadEvent(event)?.title ?? next.lastActivity };
}

function evolveLead(lead: Folded, event: RecordedEvent): Folded {
  const at = event.metadata.at;
  if (lead.status === "archived") {
    if (event.type !== "LeadRestored") return lead;
    const { [BEFORE_ARCHIVE]: before } = lead;
    return { ...(before ?? { ...lead, status: "open", closedAt: null }) };
  }
  switch (event.type) {
    case "LeadDetailsChanged":
      // A new email is another address: a bounce of the old one no longer says anything.
      return { ...lead, ...event.data.changes, ...(event.data.changes.email === undefined ? {} : { emailUndeliverable: null }) };
    case "LeadEmailBounced": {
      const { address, status, reason } = event.data;
      return { ...lead, emailUndeliverable: { address, status, reason, at } };
    }
    case "LeadStageChanged":
    case "LeadMoved":
      return { ...lead, stage: event.data.to };
    case "CreativeDirectorAssigned":
      return { ...lead, creativeDirectorId: event.data.creativeDirectorId };
    case "CreativeDirectorUnassigned":
      return { ...lead, creativeDirectorId: null };
    case "LeadOwnerChanged":
      return { ...lead, assignedTo: event.data.to };
    case "LeadDealChanged":
      return { ...lead, ...event.data.changes };
    case "LeadWon":
      return { ...lead, wonAt: lead.wonAt ?? at };
    case "LeadLost":
      return { ...lead, status: "lost", stage: event.data.stage, closedAt: at, lostReason: event.data.reason, lostNote: event.data.note };
    case "LeadReopened":
      return { ...lead, status: "open", stage: event.data.stage, closedAt: null, lostReason: null, lostNote: null };
    case "LeadArchived":
      return { ...lead, status: "archived", closedAt: at, lostReason: null, lostNote: null, [BEFORE_ARCHIVE]: lead };
    default:
      return lead;
  }
}

/** Folds a lead stream (in stream order) from the start. */
export const replayLead = (events: readonly RecordedEvent[]) => events.reduce<Lead | undefined>(foldLead, undefined);

/** The fields the history diffs: everything but the bookkeeping that moves with every event. */
const BOOKKEEPING = new Set(["updatedAt", "version", "lastActivity", "createdAt", "createdBy", "id"]);

/** What changed between two states of the lead, field by field (a missing lead has every field null). */
export function diffLead(before: Lead | undefined, after: Lead | undefined) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  for (const field of keys) {
    if (BOOKKEEPING.has(field)) continue;
    const b = (before as Record<string, unknown> | undefined)?.[field] ?? null;
    const a = (after as Record<string, unknown> | undefined)?.[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}
