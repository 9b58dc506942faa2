import { z } from "zod";
import { LEAD_PRIORITIES, LEAD_STAGES } from "./stages.ts";

// The constants live in stages.ts (no zod, usable in the browser); the server reaches them here too.
export { LEAD_PRIORITIES, LEAD_STAGES, ONBOARDING_STAGES } from "./stages.ts";

export const LeadStage = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStage>;

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
