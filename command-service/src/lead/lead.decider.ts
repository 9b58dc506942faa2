import { ConflictError, NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import { leadErased } from "@crm/contracts/erasure/lead-erased";
import { REDACTED } from "@crm/contracts/erasure/redact";
import type { EventOf } from "@crm/contracts/events/registry";
import type { CreateLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { LEAD_DETAIL_FIELDS, type LeadDetails } from "@crm/contracts/lead/events";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { LEAD_EVENT_TYPES } from "@crm/contracts/lead/stream";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

export type LeadEvent = EventOf<(typeof LEAD_EVENT_TYPES)[number]>;

export type LeadState =
  | { status: "none" }
  | {
      status: "open";
      id: string;
      details: LeadDetails;
      stage: LeadStage;
      creativeDirectorId: string | null;
      createdAt: string;
      createdBy: string;
      updatedAt: string;
      lastActivity: string | null;
    }
  /** Archived leads answer every command as if they did not exist (404); their events stay. */
  | { status: "archived"; id: string }
  /**
   * Erased leads refuse every command (409), so nothing personal can be written after the erasure
   * (decisions/039); all but archiving without a reason, which only takes the card off the board.
   */
  | { status: "erased"; id: string; archived: boolean };

export type LeadCommand =
  | { type: "CreateLead"; leadId: string; fields: CreateLeadBody }
  | { type: "UpdateLead"; leadId: string; changes: Omit<UpdateLeadBody, "expectedVersion"> }
  | { type: "MoveLead"; leadId: string; stage: LeadStage; afterId: string | null; beforeId: string | null }
  | { type: "ArchiveLead"; leadId: string; reason: string | null };

export const initialState: LeadState = { status: "none" };

export function evolve(state: LeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const next = apply(state, event);
  return next.status === "open" ? { ...next, lastActivity: describeLeadEvent(event)?.title ?? next.lastActivity } : next;
}

function apply(state: LeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const at = event.metadata.at;
  if (event.type === "LeadErased") return { status: "erased", id: event.data.leadId, archived: state.status === "archived" };
  if (state.status === "erased") return event.type === "LeadArchived" ? { ...state, archived: true } : state;
  if (event.type === "LeadCreated") {
    const { leadId, stage, ...details } = event.data;
    return {
      status: "open",
      id: leadId,
      details,
      stage,
      creativeDirectorId: null,
      createdAt: at,
      createdBy: event.metadata.actor,
      updatedAt: at,
      lastActivity: null,
    };
  }
  if (state.status !== "open") return state;
  switch (event.type) {
    case "LeadDetailsChanged":
      return { ...state, details: { ...state.details, ...event.data.changes }, updatedAt: at };
    case "LeadStageChanged":
      return { ...state, stage: event.data.to, updatedAt: at };
    case "CreativeDirectorAssigned":
      return { ...state, creativeDirectorId: event.data.creativeDirectorId, updatedAt: at };
    case "CreativeDirectorUnassigned":
      return { ...state, creativeDirectorId: null, updatedAt: at };
    case "LeadMoved":
      return { ...state, stage: event.data.to, updatedAt: at };
    case "LeadArchived":
      return { status: "archived", id: state.id };
    default:
      return state; // another module's event on a lead stream leaves the lead as it is
  }
}

/** The lead a command may change: 409 once erased, 404 when it does not exist or is archived. */
export function openLead(state: LeadState): Extract<LeadState, { status: "open" }> {
  if (state.status === "erased") throw leadErased();
  if (state.status !== "open") throw new NotFoundError("Lead");
  return state;
}

function createLead(command: Extract<LeadCommand, { type: "CreateLead" }>, state: LeadState): LeadEvent[] {
  if (state.status !== "none") throw new ConflictError("A lead with this id already exists.");
  const { fields } = command;
  return [
    {
      type: "LeadCreated",
      data: {
        leadId: command.leadId,
        name: fields.name,
        business: fields.business,
        email: fields.email,
        phone: fields.phone ?? null,
        source: fields.source ?? null,
        priority: fields.priority ?? "medium",
        notes: fields.notes ?? null,
        proposalLink: null,
        contractStatus: null,
        stage: "New Lead",
      },
    },
  ];
}

function updateLead(command: Extract<LeadCommand, { type: "UpdateLead" }>, current: LeadState): LeadEvent[] {
  const state = openLead(current);
  const { changes, leadId } = command;
  const events: LeadEvent[] = [];

  const changedDetails: Partial<LeadDetails> = {};
  for (const field of LEAD_DETAIL_FIELDS) {
    const next = changes[field];
    if (next !== undefined && next !== state.details[field]) Object.assign(changedDetails, { [field]: next });
  }
  if (Object.keys(changedDetails).length > 0) events.push({ type: "LeadDetailsChanged", data: { leadId, changes: changedDetails } });

  if (changes.stage !== undefined && changes.stage !== state.stage) {
    events.push({ type: "LeadStageChanged", data: { leadId, from: state.stage, to: changes.stage, afterId: null, beforeId: null } });
  }

  const director = changes.creativeDirectorId;
  if (director !== undefined && director !== state.creativeDirectorId) {
    events.push(
      director === null
        ? { type: "CreativeDirectorUnassigned", data: { leadId, creativeDirectorId: state.creativeDirectorId! } }
        : { type: "CreativeDirectorAssigned", data: { leadId, creativeDirectorId: director } },
    );
  }
  return events;
}

function moveLead(command: Extract<LeadCommand, { type: "MoveLead" }>, current: LeadState): LeadEvent[] {
  const state = openLead(current);
  const { leadId, stage: to, afterId, beforeId } = command;
  if (afterId === leadId || beforeId === leadId)
    throw new ValidationError([{ field: afterId === leadId ? "afterId" : "beforeId", message: "A card cannot be placed next to itself" }]);
  if (afterId !== null && afterId === beforeId)
    throw new ValidationError([{ field: "beforeId", message: "afterId and beforeId must differ" }]);
  // A drop into another column is one stage change that says where the card landed (decisions/005).
  const data = { leadId, from: state.stage, to, afterId, beforeId };
  return [to === state.stage ? { type: "LeadMoved", data } : { type: "LeadStageChanged", data }];
}

function archiveLead(command: Extract<LeadCommand, { type: "ArchiveLead" }>, state: LeadState): LeadEvent[] {
  if (state.status === "erased") {
    // An erased card may leave the board; a reason is free text, which would be personal data written after the erasure.
    if (command.reason !== null) throw leadErased();
    if (state.archived) throw new NotFoundError("Lead");
    return [{ type: "LeadArchived", data: { leadId: command.leadId, name: REDACTED, business: REDACTED, reason: null } }];
  }
  const { name, business } = openLead(state).details;
  return [{ type: "LeadArchived", data: { leadId: command.leadId, name, business, reason: command.reason } }];
}

export const decide = decideBy<LeadCommand, LeadState, LeadEvent>({
  CreateLead: createLead,
  UpdateLead: updateLead,
  MoveLead: moveLead,
  ArchiveLead: archiveLead,
});

export const leadDecider: Decider<LeadCommand, LeadState, LeadEvent> = {
  initialState,
  eventTypes: LEAD_EVENT_TYPES,
  evolve,
  decide,
};
