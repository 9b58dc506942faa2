// Plain constants with no zod import, so the browser can use them without pulling zod into its chunks.

/** The ten pipeline stages, in order (docs/product.md, "Leads and the pipeline"). */
export const LEAD_STAGES = [
  "New Lead",
  "Contacted",
  "Meeting Scheduled",
  "Proposal Sent",
  "Contract Sent",
  "Contract Signed",
  "Onboarding Form Sent",
  "Onboarding Scheduled",
  "Creative Director Assigned",
  "Active",
] as const;

export type LeadStageName = (typeof LEAD_STAGES)[number];

/** Contract Signed through Active: the stages of a client being onboarded. */
export const ONBOARDING_STAGES: readonly LeadStageName[] = LEAD_STAGES.slice(LEAD_STAGES.indexOf("Contract Signed"));

export const LEAD_PRIORITIES = ["high", "medium", "low"] as const;

/** Where a lead stands: on the board, closed as lost, or archived. */
export const LEAD_STATUSES = ["open", "lost", "archived"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The stage that wins the deal: the first time a lead reaches it (or a later stage), it is won. */
export const WON_STAGE: LeadStageName = "Contract Signed";

/** Each stage's probability (percent) until a Partner sets the agency's own (docs/product.md, "Settings"). */
export const DEFAULT_STAGE_PROBABILITIES: Readonly<Record<LeadStageName, number>> = {
  "New Lead": 10,
  Contacted: 20,
  "Meeting Scheduled": 30,
  "Proposal Sent": 50,
  "Contract Sent": 75,
  "Contract Signed": 100,
  "Onboarding Form Sent": 100,
  "Onboarding Scheduled": 100,
  "Creative Director Assigned": 100,
  Active: 100,
};

/** The reasons a deal may be lost for, until a Partner edits the agency's list. */
export const DEFAULT_LOST_REASONS = ["Budget", "Chose another agency", "No response", "Timing", "Not a fit", "Other"] as const;

/**
 * How many days a lead may go without activity in each stage before it is flagged as stale, until
 * a Partner sets the agency's own (docs/product.md, "Stale leads"); null: never stale in that stage.
 */
export const DEFAULT_STALE_AFTER_DAYS: Readonly<Record<LeadStageName, number | null>> = {
  "New Lead": 3,
  Contacted: 7,
  "Meeting Scheduled": 14,
  "Proposal Sent": 10,
  "Contract Sent": 7,
  "Contract Signed": 7,
  "Onboarding Form Sent": 7,
  "Onboarding Scheduled": 14,
  "Creative Director Assigned": 14,
  Active: null,
};
