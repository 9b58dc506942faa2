import { z } from "zod";

export const ACTIVITY_TYPES = [
  "email",
  "meeting",
  "proposal",
  "contract",
  "assignment",
  "note",
  "email_sent",
  "sms_sent",
  "content_submitted",
  "content_approved",
  "content_rejected",
  "creative_request",
] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);

/** What a timeline entry says and who made it when: shared by the lead's activities and the onboarding ones. */
export const ACTIVITY_ENTRY = {
  type: ActivityType,
  title: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  userLabel: z.string().nullable(),
};

export const Activity = z.object({
  id: z.string(),
  leadId: z.string(),
  ...ACTIVITY_ENTRY,
});
export type Activity = z.infer<typeof Activity>;
