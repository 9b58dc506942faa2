import { z } from "zod";
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

export const leadEvents = {
  LeadCreated,
  LeadDetailsChanged,
  LeadStageChanged,
  CreativeDirectorAssigned,
  CreativeDirectorUnassigned,
  LeadMoved,
  LeadArchived,
} as const;
