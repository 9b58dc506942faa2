// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";
import { formatDateTime } from "../time/date-time.ts";

export const ACTIVITY_TYPES = [
  "call",
  "email",
  "meeting",
  "proposal",
  "contract",
  "assignment",
  "note",
  "email_sent",
  "email_received",
  "sms_sent",
  "content_submitted",
  "content_approved",
  "content_rejected",
  "creative_request",
] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);

/** What a staff member logs on a lead by hand (docs/product.md, "Lead page", Log activity): the specification's activity types. */
export const LOGGED_ACTIVITY_TYPES = ["call", "note", "proposal", "contract"] as const satisfies readonly (typeof ACTIVITY_TYPES)[number][];
export type LoggedActivityType = (typeof LOGGED_ACTIVITY_TYPES)[number];

/** What a timeline entry says and who made it when: shared by the lead's activities and the onboarding ones. */
export const ACTIVITY_ENTRY = {
  type: ActivityType,
  title: z.string(),
  description: z.nullable(z.string()),
  /**
   * The instant the entry is about (a meeting's start), kept as UTC ISO so each reader sees it in
   * their own zone (contracts/src/time/date-time.ts); the description then says the rest ("by video").
   */
  at: z.nullable(z.string()),
  /** A logged activity's follow-up date (YYYY-MM-DD, a day in the zone of who logged it). */
  followUpOn: z.nullable(z.string()),
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

/**
 * What an entry says under its title, in the reader's zone: its instant first when it has one
 * ("Mar 5, 2030 at 10:00 AM, by video"), else its description; null when it says nothing more.
 */
export function activityText(entry: Pick<Activity, "description" | "at">, zone: string): string | null {
  if (!entry.at) return entry.description;
  const when = formatDateTime(entry.at, zone);
  return entry.description ? `${when}, ${entry.description}` : when;
}
