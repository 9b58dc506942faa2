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
