import { z } from "zod";

/** The ten pipeline stages, in order (SPEC.md §4). */
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

export const LeadStage = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStage>;

export const ONBOARDING_STAGES: readonly LeadStage[] = LEAD_STAGES.slice(LEAD_STAGES.indexOf("Contract Signed"));

export const LEAD_PRIORITIES = ["high", "medium", "low"] as const;
export const LeadPriority = z.enum(LEAD_PRIORITIES);
export type LeadPriority = z.infer<typeof LeadPriority>;

const trimmed = (max: number, required = "Must be text") => z.string({ error: required }).trim().max(max, `At most ${max} characters`);

/** Field rules shared by the create and edit commands. */
export const leadFields = {
  name: trimmed(200, "Name is required").min(1, "Name is required"),
  business: trimmed(200, "Business is required").min(1, "Business is required"),
  email: z.string({ error: "Email is required" }).trim().max(320).pipe(z.email("Enter a valid email address")),
  phone: trimmed(40).nullable(),
  source: trimmed(100).nullable(),
  priority: z.enum(LEAD_PRIORITIES, { error: "Priority is high, medium or low" }),
  notes: trimmed(10_000).nullable(),
  proposalLink: trimmed(2_000).nullable(),
  contractStatus: trimmed(200).nullable(),
  stage: z.enum(LEAD_STAGES, { error: `Stage is one of: ${LEAD_STAGES.join(", ")}` }),
  creativeDirectorId: z.uuid("Creative director ids are UUIDs").nullable(),
};

/** The lead as the read API returns it (board and detail). */
export const Lead = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  stage: LeadStage,
  source: z.string().nullable(),
  priority: LeadPriority,
  proposalLink: z.string().nullable(),
  contractStatus: z.string().nullable(),
  notes: z.string().nullable(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  assignedTo: z.string().nullable(),
  creativeDirectorId: z.string().nullable(),
  version: z.number().int(),
});
export type Lead = z.infer<typeof Lead>;

export const Stats = z.object({
  newLeads: z.number().int(),
  contractsPending: z.number().int(),
  onboardingInProgress: z.number().int(),
  clientsAssigned: z.number().int(),
});
export type Stats = z.infer<typeof Stats>;
