// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";

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
  description: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  userLabel: z.nullable(z.string()),
};

export const Activity = z.object({
  id: z.string(),
  leadId: z.string(),
  ...ACTIVITY_ENTRY,
});
export type Activity = z.infer<typeof Activity>;
