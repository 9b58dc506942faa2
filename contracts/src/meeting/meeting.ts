// zod/mini, because the browser imports this module (the meeting form reuses the title rule).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { MEETING_KINDS, MEETING_TYPES } from "./answers.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export {
  CONFERENCE_PROVIDERS,
  type ConferenceProvider,
  INVITE_STATUSES,
  Meeting,
  MEETING_KINDS,
  MEETING_STATUSES,
  MEETING_TYPES,
} from "./answers.ts";

export const MeetingType = z.enum(MEETING_TYPES, { error: "Type is general, pre-onboarding or onboarding" });
export type MeetingType = z.infer<typeof MeetingType>;

export const MeetingKind = z.enum(MEETING_KINDS, { error: "Meeting type is google-meet or in-person" });
export type MeetingKind = z.infer<typeof MeetingKind>;

/** docs/product.md, "Limits and constants": minimum and step of a meeting's duration, in minutes. */
export const DURATION_STEP_MINUTES = 15;
export const MAX_DURATION_MINUTES = 24 * 60;

const instant = (name: string) =>
  z.pipe(
    z.iso.datetime({ offset: true, error: `${name} is an ISO date-time with a time zone, e.g. 2030-01-31T14:00:00Z` }),
    z.transform((v: string) => new Date(v).toISOString()),
  );

/** Checks end = start + a duration that is a positive multiple of 15 minutes (at most a day). */
function checkTimes(value: { startTime: string; endTime: string }, ctx: z.core.$RefinementCtx) {
  const minutes = (Date.parse(value.endTime) - Date.parse(value.startTime)) / 60_000;
  if (minutes < DURATION_STEP_MINUTES || minutes > MAX_DURATION_MINUTES || minutes % DURATION_STEP_MINUTES !== 0) {
    ctx.addIssue({
      code: "custom",
      path: ["endTime"],
      message: `The meeting lasts 15 to ${MAX_DURATION_MINUTES} minutes, in steps of 15`,
    });
  }
}

/** Body of POST /api/meetings (docs/product.md, "Meetings, mail and SMS"). */
export const ScheduleMeetingBody = z
  .strictObject({
    leadId: z.uuid("Lead ids are UUIDs"),
    title: z
      .string({ error: "Title is required" })
      .check(z.trim(), z.minLength(1, "Title is required"), z.maxLength(200, "At most 200 characters")),
    type: z._default(MeetingType, "general"),
    meetingType: z._default(MeetingKind, "google-meet"),
    location: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(500, "At most 500 characters"))))),
    startTime: instant("startTime"),
    endTime: instant("endTime"),
    notes: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(10_000, "At most 10000 characters"))))),
    attendeeEmail: z.optional(
      preprocess(emptyToNull, z.nullable(z.pipe(z.string().check(z.trim(), z.maxLength(320)), z.email("Enter a valid email address")))),
    ),
  })
  .check(
    z.superRefine(checkTimes),
    z.superRefine((value, ctx) => {
      if (value.meetingType === "in-person" && !value.location) {
        ctx.addIssue({ code: "custom", path: ["location"], message: "An in-person meeting needs a location" });
      }
      if (value.meetingType !== "in-person" && value.location) {
        ctx.addIssue({ code: "custom", path: ["location"], message: "Only in-person meetings have a location" });
      }
    }),
  );
export type ScheduleMeetingBody = z.infer<typeof ScheduleMeetingBody>;

/** Body of PATCH /api/meetings/{id}: new times, from the meeting's Reschedule (sends an updated invite: docs/product.md, "Meetings, mail and SMS"). */
export const RescheduleMeetingBody = z
  .strictObject({
    startTime: instant("startTime"),
    endTime: instant("endTime"),
    expectedVersion: z.optional(z.int().check(z.nonnegative())),
  })
  .check(z.superRefine(checkTimes));
export type RescheduleMeetingBody = z.infer<typeof RescheduleMeetingBody>;

/** Body of POST /api/meetings/{id}/cancel, from the meeting's Cancel meeting (may be empty; sends a CANCEL to whoever was invited). */
export const CancelMeetingBody = z.strictObject({ expectedVersion: z.optional(z.int().check(z.nonnegative())) });
