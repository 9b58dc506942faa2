import { ApiError, ConflictError, NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import { leadErased } from "@crm/contracts/erasure/lead-erased";
import { REDACTED } from "@crm/contracts/erasure/redact";
import type { EventOf } from "@crm/contracts/events/registry";
import type { LogActivityBody } from "@crm/contracts/activity/commands";
import type { CreateLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { describeLeadEvent } from "@crm/contracts/lead/describe";
import { LEAD_DETAIL_FIELDS, type LeadDetails } from "@crm/contracts/lead/events";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { LEAD_STAGES, WON_STAGE } from "@crm/contracts/lead/stages";
import { LEAD_EVENT_TYPES } from "@crm/contracts/lead/stream";
import { isPermanentFailure, sameAddress, undeliverableMessage, type EmailUndeliverable } from "@crm/contracts/lead/undeliverable";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

export type LeadEvent = EventOf<(typeof LEAD_EVENT_TYPES)[number]>;

/** The deal's terms (docs/product.md, "Deals"). */
export interface LeadDeal {
  valueMinor: number | null;
  /** YYYY-MM-DD. */
  expectedCloseOn: string | null;
  /** Percent; null follows the stage's default in the agency's settings. */
  probability: number | null;
}
const DEAL_FIELDS = ["valueMinor", "expectedCloseOn", "probability"] as const satisfies readonly (keyof LeadDeal)[];

/** What a lead holds whether it is on the board or closed as lost. */
interface LeadRecord extends LeadDeal {
  id: string;
  details: LeadDetails;
  stage: LeadStage;
  creativeDirectorId: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  lastActivity: string | null;
  /** The deal's owner: the creator until reassigned. */
  owner: string;
  /** When it first reached WON_STAGE or later; never set twice. */
  wonAt: string | null;
  /** The lead's email while mail to it bounces for good (LeadEmailBounced); an edit of the email clears it. */
  emailUndeliverable: EmailUndeliverable | null;
}

export type OpenLeadState = LeadRecord & { status: "open" };
/** Closed as lost from `stage` (the stage it left, where a reopen puts it back). */
export type LostLeadState = LeadRecord & { status: "lost"; lostReason: string; lostNote: string | null; closedAt: string };
/** A lead on the board or among the lost: the leads a command may still find. */
export type LiveLeadState = OpenLeadState | LostLeadState;

export type LeadState =
  | { status: "none" }
  | OpenLeadState
  | LostLeadState
  /**
   * Archived leads answer every command but a restore as if they did not exist (404); they keep
   * everything they were (open or lost) so a restore puts them back where they were.
   */
  | { status: "archived"; id: string; before: LiveLeadState; closedAt: string }
  /**
   * Erased leads refuse every command (409), so nothing personal can be written after the erasure
   * (decisions/039); all but archiving without a reason, which only takes the card off the board.
   */
  | { status: "erased"; id: string; archived: boolean };

export type LeadCommand =
  | { type: "CreateLead"; leadId: string; fields: CreateLeadBody }
  | { type: "UpdateLead"; leadId: string; changes: Omit<UpdateLeadBody, "expectedVersion"> }
  | { type: "MoveLead"; leadId: string; stage: LeadStage; afterId: string | null; beforeId: string | null }
  | { type: "ArchiveLead"; leadId: string; reason: string | null }
  /** allowedReasons: the agency's lost reasons as its settings stand (the route reads them). */
  | { type: "LoseLead"; leadId: string; reason: string; note: string | null; allowedReasons: readonly string[] }
  | { type: "ReopenLead"; leadId: string }
  | { type: "RestoreLead"; leadId: string }
  | { type: "ReassignLead"; leadId: string; assignedTo: string }
  /** A call, note, proposal or contract logged by hand (docs/product.md, "Lead page"). */
  | { type: "LogActivity"; leadId: string; activity: LogActivityBody }
  /** A delivery status notification that came in (the inbound reactor): marks the email undeliverable when it failed for good. */
  | { type: "RecordBounce"; leadId: string; inboundId: string; recipient: string; status: string; reason: string };

export const initialState: LeadState = { status: "none" };

/** What every command but reopen and archive answers on a lost lead. */
export const LEAD_LOST = "This lead is closed as lost: reopen it first.";
export const leadClosed = () => new ApiError(409, "Lead lost", LEAD_LOST);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a stage wins the deal: WON_STAGE or any later one. */
export const isWonStage = (stage: LeadStage) => LEAD_STAGES.indexOf(stage) >= LEAD_STAGES.indexOf(WON_STAGE);

export function evolve(state: LeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const next = apply(state, event);
  if (next.status !== "open" && next.status !== "lost") return next;
  return { ...next, lastActivity: describeLeadEvent(event)?.title ?? next.lastActivity };
}

function created(event: EventEnvelope<Extract<LeadEvent, { type: "LeadCreated" }>>): OpenLeadState {
  const { leadId, stage, ...details } = event.data;
  const at = event.metadata.at;
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
    owner: event.metadata.actor,
    valueMinor: null,
    expectedCloseOn: null,
    probability: null,
    wonAt: null,
    emailUndeliverable: null,
  };
}

function apply(state: LeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const at = event.metadata.at;
  if (event.type === "LeadErased") return { status: "erased", id: event.data.leadId, archived: state.status === "archived" };
  if (state.status === "erased") return event.type === "LeadArchived" ? { ...state, archived: true } : state;
  if (event.type === "LeadCreated") return created(event);
  if (state.status === "archived") return event.type === "LeadRestored" ? { ...state.before, updatedAt: at } : state;
  if (state.status === "lost") return applyToLost(state, event);
  if (state.status !== "open") return state;
  const changed = applyToOpen(state, event);
  if (changed === state || (changed.status !== "open" && changed.status !== "lost")) return changed;
  return { ...changed, updatedAt: at };
}

function applyToLost(state: LostLeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const at = event.metadata.at;
  if (event.type === "LeadArchived") return { status: "archived", id: state.id, before: state, closedAt: at };
  if (event.type === "LeadEmailBounced") return { ...state, emailUndeliverable: undeliverable(event) };
  if (event.type === "LeadReopened") {
    const { lostReason: _reason, lostNote: _note, closedAt: _closed, ...lead } = state;
    return { ...lead, status: "open", stage: event.data.stage, updatedAt: at };
  }
  return state;
}

function applyToOpen(state: OpenLeadState, event: EventEnvelope<LeadEvent>): LeadState {
  const at = event.metadata.at;
  switch (event.type) {
    case "LeadDetailsChanged": {
      // A new email is another address: whatever bounced before says nothing about it.
      const emailUndeliverable = event.data.changes.email === undefined ? state.emailUndeliverable : null;
      return { ...state, details: { ...state.details, ...event.data.changes }, emailUndeliverable };
    }
    case "LeadEmailBounced":
      return { ...state, emailUndeliverable: undeliverable(event) };
    case "LeadStageChanged":
    case "LeadMoved":
      return { ...state, stage: event.data.to };
    case "CreativeDirectorAssigned":
      return { ...state, creativeDirectorId: event.data.creativeDirectorId };
    case "CreativeDirectorUnassigned":
      return { ...state, creativeDirectorId: null };
    case "LeadOwnerChanged":
      return { ...state, owner: event.data.to };
    case "LeadDealChanged":
      return { ...state, ...event.data.changes };
    case "LeadWon":
      return { ...state, wonAt: state.wonAt ?? at };
    case "LeadLost":
      return { ...state, status: "lost", stage: event.data.stage, lostReason: event.data.reason, lostNote: event.data.note, closedAt: at };
    case "LeadArchived":
      return { status: "archived", id: state.id, before: { ...state, updatedAt: at }, closedAt: at };
    default:
      return state; // another module's event on a lead stream leaves the lead as it is
  }
}

function undeliverable(event: EventEnvelope<Extract<LeadEvent, { type: "LeadEmailBounced" }>>): EmailUndeliverable {
  const { address, status, reason } = event.data;
  return { address, status, reason, at: event.metadata.at };
}

/**
 * Refuses (409) mail to an address of the lead that bounced for good (docs/product.md, "Replies"),
 * saying why and what to do; any other address, or a lead whose email never bounced, passes.
 */
export function refuseUndeliverable(lead: LiveLeadState, to: string): void {
  const marked = lead.emailUndeliverable;
  if (marked && sameAddress(marked.address, to)) throw new ApiError(409, "Email undeliverable", undeliverableMessage(marked));
}

/** The lead a command may change: 409 once erased or while lost, 404 when it does not exist or is archived. */
export function openLead(state: LeadState): OpenLeadState {
  if (state.status === "erased") throw leadErased();
  if (state.status === "lost") throw leadClosed();
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

/**
 * A stage change, then LeadWon the first time the lead reaches WON_STAGE or later. A lead already in
 * a won stage was won before (a log from before LeadWon existed): moving on through onboarding wins nothing again.
 */
function stageChange(state: OpenLeadState, to: LeadStage, afterId: string | null, beforeId: string | null): LeadEvent[] {
  const leadId = state.id;
  const events: LeadEvent[] = [{ type: "LeadStageChanged", data: { leadId, from: state.stage, to, afterId, beforeId } }];
  if (state.wonAt === null && isWonStage(to) && !isWonStage(state.stage)) events.push({ type: "LeadWon", data: { leadId, stage: to } });
  return events;
}

/** A new owner, or nothing when it already owns the lead. */
function ownerChange(state: OpenLeadState, to: string | undefined): LeadEvent[] {
  if (to === undefined || to === state.owner) return [];
  return [{ type: "LeadOwnerChanged", data: { leadId: state.id, from: UUID.test(state.owner) ? state.owner : null, to } }];
}

function dealChange(state: OpenLeadState, changes: Partial<LeadDeal>): LeadEvent[] {
  const changed: Partial<LeadDeal> = {};
  for (const field of DEAL_FIELDS) {
    const next = changes[field];
    if (next !== undefined && next !== state[field]) Object.assign(changed, { [field]: next });
  }
  return Object.keys(changed).length === 0 ? [] : [{ type: "LeadDealChanged", data: { leadId: state.id, changes: changed } }];
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

  if (changes.stage !== undefined && changes.stage !== state.stage) events.push(...stageChange(state, changes.stage, null, null));

  const director = changes.creativeDirectorId;
  if (director !== undefined && director !== state.creativeDirectorId) {
    events.push(
      director === null
        ? { type: "CreativeDirectorUnassigned", data: { leadId, creativeDirectorId: state.creativeDirectorId! } }
        : { type: "CreativeDirectorAssigned", data: { leadId, creativeDirectorId: director } },
    );
  }
  return [...events, ...ownerChange(state, changes.assignedTo), ...dealChange(state, changes)];
}

function moveLead(command: Extract<LeadCommand, { type: "MoveLead" }>, current: LeadState): LeadEvent[] {
  const state = openLead(current);
  const { leadId, stage: to, afterId, beforeId } = command;
  if (afterId === leadId || beforeId === leadId)
    throw new ValidationError([{ field: afterId === leadId ? "afterId" : "beforeId", message: "A card cannot be placed next to itself" }]);
  if (afterId !== null && afterId === beforeId)
    throw new ValidationError([{ field: "beforeId", message: "afterId and beforeId must differ" }]);
  // A drop into another column is one stage change that says where the card landed (decisions/005).
  if (to === state.stage) return [{ type: "LeadMoved", data: { leadId, from: state.stage, to, afterId, beforeId } }];
  return stageChange(state, to, afterId, beforeId);
}

function archiveLead(command: Extract<LeadCommand, { type: "ArchiveLead" }>, state: LeadState): LeadEvent[] {
  if (state.status === "erased") {
    // An erased card may leave the board; a reason is free text, which would be personal data written after the erasure.
    if (command.reason !== null) throw leadErased();
    if (state.archived) throw new NotFoundError("Lead");
    return [{ type: "LeadArchived", data: { leadId: command.leadId, name: REDACTED, business: REDACTED, reason: null } }];
  }
  // Open and lost leads may be archived alike.
  const { name, business } = (state.status === "lost" ? state : openLead(state)).details;
  return [{ type: "LeadArchived", data: { leadId: command.leadId, name, business, reason: command.reason } }];
}

function loseLead(command: Extract<LeadCommand, { type: "LoseLead" }>, current: LeadState): LeadEvent[] {
  const state = openLead(current);
  if (!command.allowedReasons.includes(command.reason))
    throw new ValidationError([{ field: "reason", message: `Choose one of the agency's reasons: ${command.allowedReasons.join(", ")}` }]);
  return [{ type: "LeadLost", data: { leadId: state.id, stage: state.stage, reason: command.reason, note: command.note } }];
}

function reopenLead(_command: Extract<LeadCommand, { type: "ReopenLead" }>, state: LeadState): LeadEvent[] {
  if (state.status === "lost") return [{ type: "LeadReopened", data: { leadId: state.id, stage: state.stage } }];
  openLead(state); // erased, archived or missing: refused as any command is
  throw new ConflictError("This lead is open: only a lead closed as lost can be reopened.");
}

function restoreLead(_command: Extract<LeadCommand, { type: "RestoreLead" }>, state: LeadState): LeadEvent[] {
  if (state.status === "archived") return [{ type: "LeadRestored", data: { leadId: state.id } }];
  if (state.status === "erased") throw leadErased();
  if (state.status === "none") throw new NotFoundError("Lead");
  throw new ConflictError("This lead is not archived.");
}

function reassignLead(command: Extract<LeadCommand, { type: "ReassignLead" }>, state: LeadState): LeadEvent[] {
  return ownerChange(openLead(state), command.assignedTo);
}

/**
 * An activity logged on an open or lost lead (a call to win a lost deal back is worth noting too);
 * an archived or unknown lead answers 404, an erased one 409 (openLead's refusals).
 */
function logActivity(command: Extract<LeadCommand, { type: "LogActivity" }>, state: LeadState): LeadEvent[] {
  const lead = state.status === "lost" ? state : openLead(state);
  const { type, summary, details, followUpOn } = command.activity;
  return [
    {
      type: "LeadActivityLogged",
      data: { leadId: lead.id, activityType: type, summary, details: details ?? null, followUpOn: followUpOn ?? null },
    },
  ];
}

/**
 * A bounce marks the lead's email only when it failed for good (5.x.x) and is still the lead's email
 * (an edit since then changed it), once; a delay, another address, an archived, erased or unknown
 * lead is nothing to record. Lost leads are marked too: a reopen finds the email as it is.
 */
function recordBounce(command: Extract<LeadCommand, { type: "RecordBounce" }>, state: LeadState): LeadEvent[] {
  if (state.status !== "open" && state.status !== "lost") return [];
  if (!isPermanentFailure(command.status) || !sameAddress(command.recipient, state.details.email)) return [];
  if (state.emailUndeliverable && sameAddress(state.emailUndeliverable.address, state.details.email)) return [];
  const { leadId, inboundId, status, reason } = command;
  return [{ type: "LeadEmailBounced", data: { leadId, address: state.details.email, status, reason, inboundId } }];
}

export const decide = decideBy<LeadCommand, LeadState, LeadEvent>({
  CreateLead: createLead,
  UpdateLead: updateLead,
  MoveLead: moveLead,
  ArchiveLead: archiveLead,
  LoseLead: loseLead,
  ReopenLead: reopenLead,
  RestoreLead: restoreLead,
  ReassignLead: reassignLead,
  LogActivity: logActivity,
  RecordBounce: recordBounce,
});

export const leadDecider: Decider<LeadCommand, LeadState, LeadEvent> = {
  initialState,
  eventTypes: LEAD_EVENT_TYPES,
  evolve,
  decide,
};
