import type { RecordedEvent } from "../events/registry.ts";
import { describeLeadEvent } from "../lead/describe.ts";
import type { Lead } from "../lead/lead.ts";
import { LEAD_EVENT_TYPES } from "../lead/stream.ts";

/** The event types that change the lead as the board shows it; other events on its stream leave it as it is. */
const leadEventTypes: ReadonlySet<string> = new Set(LEAD_EVENT_TYPES);

export const isLeadEvent = (event: RecordedEvent) => leadEventTypes.has(event.type);

/**
 * The lead after one more event of its own stream, as the leads read model would have it then
 * (same fields, same rules: version and updatedAt move with lead events only). Undefined before
 * it was created and after it was archived.
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
      assignedTo: null,
      creativeDirectorId: null,
      version: event.streamVersion,
    };
  }
  if (!lead) return undefined;
  const next = evolveLead(lead, event);
  if (!next) return undefined;
  return { ...next, updatedAt: at, version: event.streamVersion, lastActivity: describeLeadEvent(event)?.title ?? next.lastActivity };
}

function evolveLead(lead: Lead, event: RecordedEvent): Lead | undefined {
  switch (event.type) {
    case "LeadDetailsChanged":
      return { ...lead, ...event.data.changes };
    case "LeadStageChanged":
    case "LeadMoved":
      return { ...lead, stage: event.data.to };
    case "CreativeDirectorAssigned":
      return { ...lead, creativeDirectorId: event.data.creativeDirectorId };
    case "CreativeDirectorUnassigned":
      return { ...lead, creativeDirectorId: null };
    case "LeadArchived":
      return undefined;
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
