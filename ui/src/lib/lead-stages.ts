import type { LeadStage } from "@crm/contracts/lead/lead";

// The stage lists of contracts/lead/lead.ts, repeated here because importing that module would pull
// zod into the route chunks (lead-stages.test checks they agree).

/** The ten pipeline stages, in order (SPEC.md §4). */
export const LEAD_STAGES: readonly LeadStage[] = [
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
];

/** Contract Signed through Active: the stages of a client being onboarded. */
export const ONBOARDING_STAGES: readonly LeadStage[] = LEAD_STAGES.slice(LEAD_STAGES.indexOf("Contract Signed"));
