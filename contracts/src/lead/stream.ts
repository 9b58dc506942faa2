import type { EventType } from "../events/registry.ts";

const PREFIX = "lead-";

/** The stream that holds one lead's events. */
export const leadStreamId = (leadId: string) => `${PREFIX}${leadId}`;

/** The lead id of a lead stream, undefined for any other stream. */
export const leadIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;

/** The types of the lead's own events; its stream holds other modules' events too. */
export const LEAD_EVENT_TYPES = [
  "LeadCreated",
  "LeadDetailsChanged",
  "LeadStageChanged",
  "CreativeDirectorAssigned",
  "CreativeDirectorUnassigned",
  "LeadMoved",
  "LeadArchived",
  "LeadErased",
  "LeadOwnerChanged",
  "LeadDealChanged",
  "LeadWon",
  "LeadLost",
  "LeadReopened",
  "LeadRestored",
  "LeadActivityLogged",
  "LeadEmailBounced",
] as const satisfies readonly EventType[];
