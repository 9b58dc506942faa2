import { z } from "zod";

/** What a meeting is about (docs/product.md, "Meetings, mail and SMS"). */
export const MEETING_TYPES = ["general", "pre-onboarding", "onboarding"] as const;
export const MeetingType = z.enum(MEETING_TYPES, { error: "Type is general, pre-onboarding or onboarding" });
export type MeetingType = z.infer<typeof MeetingType>;

/** Where it happens (docs/product.md, "Meetings, mail and SMS"); "google-meet" is the video kind (Jitsi or Google Meet). */
export const MEETING_KINDS = ["google-meet", "in-person"] as const;
export const MeetingKind = z.enum(MEETING_KINDS, { error: "Meeting type is google-meet or in-person" });
export type MeetingKind = z.infer<typeof MeetingKind>;

export const CONFERENCE_PROVIDERS = ["jitsi", "google"] as const;
export type ConferenceProvider = (typeof CONFERENCE_PROVIDERS)[number];

export const MEETING_STATUSES = ["scheduled", "cancelled"] as const;
export const INVITE_STATUSES = ["none", "pending", "sent", "failed"] as const;

/** docs/product.md, "Limits and constants": minimum and step of a meeting's duration, in minutes. */
export const DURATION_STEP_MINUTES = 15;
export const MAX_DURATION_MINUTES = 24 * 60;

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} is an ISO date-time with a time zone, e.g. 2030-01-31T14:00:00Z` })
    .transform((v) => new Date(v).toISOString());

/** Checks end = start + a duration that is a positive multiple of 15 minutes (at most a day). */
function checkTimes(value: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
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
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "At most 200 characters"),
    type: MeetingType.default("general"),
    meetingType: MeetingKind.default("google-meet"),
    location: z.preprocess(emptyToNull, z.string().trim().max(500, "At most 500 characters").nullable()).optional(),
    startTime: instant("startTime"),
    endTime: instant("endTime"),
    notes: z.preprocess(emptyToNull, z.string().trim().max(10_000, "At most 10000 characters").nullable()).optional(),
    attendeeEmail: z.preprocess(emptyToNull, z.string().trim().max(320).pipe(z.email("Enter a valid email address")).nullable()).optional(),
  })
  .superRefine(checkTimes)
  .superRefine((value, ctx) => {
    if (value.meetingType === "in-person" && !value.location) {
      ctx.addIssue({ code: "custom", path: ["location"], message: "An in-person meeting needs a location" });
    }
    if (value.meetingType !== "in-person" && value.location) {
      ctx.addIssue({ code: "custom", path: ["location"], message: "Only in-person meetings have a location" });
    }
  });
export type ScheduleMeetingBody = z.infer<typeof ScheduleMeetingBody>;

/** Body of PATCH /api/meetings/{id}: new times (sends an updated invite; no button yet: docs/product.md, "Meetings, mail and SMS"). */
export const RescheduleMeetingBody = z
  .strictObject({
    startTime: instant("startTime"),
    endTime: instant("endTime"),
    expectedVersion: z.number().int().nonnegative().optional(),
  })
  .superRefine(checkTimes);
export type RescheduleMeetingBody = z.infer<typeof RescheduleMeetingBody>;

/** Body of POST /api/meetings/{id}/cancel (may be empty). */
export const CancelMeetingBody = z.strictObject({ expectedVersion: z.number().int().nonnegative().optional() });

/** A meeting as the read API returns it (what the meetings card shows, docs/product.md, "Meetings, mail and SMS", plus version). */
export const Meeting = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  title: z.string(),
  type: MeetingType,
  meetingType: MeetingKind,
  startTime: z.string(),
  endTime: z.string(),
  location: z.string().nullable(),
  meetLink: z.string().nullable(),
  conferenceProvider: z.enum(CONFERENCE_PROVIDERS).nullable(),
  calendarEventId: z.string().nullable(),
  notes: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  status: z.enum(MEETING_STATUSES),
  inviteStatus: z.enum(INVITE_STATUSES),
  sequence: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Meeting = z.infer<typeof Meeting>;
