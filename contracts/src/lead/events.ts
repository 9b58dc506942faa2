import { z } from "zod";
import { LOGGED_ACTIVITY_TYPES } from "../activity/activity.ts";
import { LeadPriority, LeadStage } from "./lead.ts";

export const LeadDetails = z.object({
  name: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  source: z.string().nullable(),
  priority: LeadPriority,
  notes: z.string().nullable(),
  proposalLink: z.string().nullable(),
  contractStatus: z.string().nullable(),
});
export type LeadDetails = z.infer<typeof LeadDetails>;
export const LEAD_DETAIL_FIELDS = LeadDetails.keyof().options;

export const LeadCreated = z.object({
  leadId: z.uuid(),
  ...LeadDetails.shape,
  stage: LeadStage,
});

/** Only the fields that changed, with their new values. */
export const LeadDetailsChanged = z.object({
  leadId: z.uuid(),
  changes: LeadDetails.partial(),
});

/**
 * Schema version 2: where the card landed in its new column, after the card afterId and before the
 * card beforeId (null: no neighbour on that side; both null: on top, as a stage change from the
 * lead's form puts it). Version 1 had no place: its stage changes read as landing on top, and a
 * drop then recorded a LeadMoved after it (decisions/005).
 */
export const LeadStageChanged = z.object({
  leadId: z.uuid(),
  from: LeadStage,
  to: LeadStage,
  afterId: z.uuid().nullable(),
  beforeId: z.uuid().nullable(),
});

export const CreativeDirectorAssigned = z.object({
  leadId: z.uuid(),
  creativeDirectorId: z.uuid(),
});

/** Schema version 2: the director who was unassigned (version 1 called the field previousDirectorId). */
export const CreativeDirectorUnassigned = z.object({
  leadId: z.uuid(),
  creativeDirectorId: z.uuid(),
});

/**
 * A card placed on the board: in column `to`, after the card afterId and before the card beforeId
 * (null: no neighbour on that side). The board projection turns the neighbours into a rank
 * (decisions/005). A drop into another column is a LeadStageChanged that names its neighbours, so
 * a LeadMoved is a reorder within its column (from = to); logs written before LeadStageChanged v2
 * also hold a LeadMoved after each stage change of a drop.
 */
export const LeadMoved = z.object({
  leadId: z.uuid(),
  from: LeadStage,
  to: LeadStage,
  afterId: z.uuid().nullable(),
  beforeId: z.uuid().nullable(),
});

/** The lead leaves the board, the stats and its timeline; its events stay. */
export const LeadArchived = z.object({
  leadId: z.uuid(),
  name: z.string(),
  business: z.string(),
  reason: z.string().nullable(),
});

/**
 * The deal's owner changed (docs/product.md, "Deals"): a staff account that answers for the lead.
 * A lead created before owners existed is owned by its creator (from is then null).
 */
export const LeadOwnerChanged = z.object({
  leadId: z.uuid(),
  from: z.uuid().nullable(),
  to: z.uuid(),
});

/** The deal's terms that changed: its value in the agency's currency's minor units, the expected close date (YYYY-MM-DD), the probability in percent (null: the stage's default). */
export const LeadDealChanged = z.object({
  leadId: z.uuid(),
  changes: z
    .object({
      valueMinor: z.int().nonnegative().nullable(),
      expectedCloseOn: z.iso.date().nullable(),
      probability: z.int().min(0).max(100).nullable(),
    })
    .partial(),
});

/** The lead reached Contract Signed (or a later stage) for the first time: the deal is won, on this event's date. */
export const LeadWon = z.object({
  leadId: z.uuid(),
  stage: LeadStage,
});

/** The deal was closed as lost from a stage, with a reason from the agency's list and an optional note. */
export const LeadLost = z.object({
  leadId: z.uuid(),
  stage: LeadStage,
  reason: z.string(),
  note: z.string().nullable(),
});

/** A lost deal back on the board, in the stage it left. */
export const LeadReopened = z.object({
  leadId: z.uuid(),
  stage: LeadStage,
});

/** An archived lead back where it was before the archive: on the board, or among the lost. */
export const LeadRestored = z.object({
  leadId: z.uuid(),
});

/**
 * A staff member logged a call, note, proposal or contract on the lead (docs/product.md, "Lead page"):
 * a summary, optional details, and an optional follow-up date (YYYY-MM-DD, a day in their zone).
 */
export const LeadActivityLogged = z.object({
  leadId: z.uuid(),
  activityType: z.enum(LOGGED_ACTIVITY_TYPES),
  summary: z.string(),
  details: z.string().nullable(),
  followUpOn: z.iso.date().nullable(),
});

/**
 * A mail to the lead's address came back undeliverable (a bounce, RFC 3464): sends to that address
 * are refused, with the reason, until the lead's email is changed (docs/product.md, "Replies").
 */
export const LeadEmailBounced = z.object({
  leadId: z.uuid(),
  address: z.string(),
  status: z.string(),
  reason: z.string(),
  /** The inbound message that reported it (its InboundEmailReceived). */
  inboundId: z.uuid(),
});

export const leadEvents = {
  LeadCreated,
  LeadDetailsChanged,
  LeadStageChanged,
  CreativeDirectorAssigned,
  CreativeDirectorUnassigned,
  LeadMoved,
  LeadArchived,
  LeadOwnerChanged,
  LeadDealChanged,
  LeadWon,
  LeadLost,
  LeadReopened,
  LeadRestored,
  LeadActivityLogged,
  LeadEmailBounced,
} as const;
