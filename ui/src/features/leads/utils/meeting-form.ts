import { z } from "zod/mini";
import { ScheduleMeetingBody, type MeetingType } from "@crm/contracts/meeting/meeting";
import { MEETING_KINDS, MEETING_TYPES } from "@crm/contracts/meeting/answers";
import type { LeadRef } from "./lead-ref.ts";
import { DEFAULT_DURATION_MINUTES, isValidDuration, meetingInstants } from "./meeting-times.ts";

/**
 * Schedule Meeting's fields as the form holds them: the command's title rule, and its rule that an
 * in-person meeting names where; the date, time and duration become instants on the way out.
 */
export const MeetingFormSchema = z
  .object({
    title: ScheduleMeetingBody.shape.title,
    type: z.enum(MEETING_TYPES),
    kind: z.enum(MEETING_KINDS),
    location: z.string(),
    date: z.string(),
    time: z.string(),
    duration: z.string(),
    notes: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.kind === "in-person" && !values.location.trim()) {
        ctx.addIssue({ code: "custom", path: ["location"], message: "An in-person meeting needs a location" });
      }
    }),
  );
export type MeetingFormValues = z.infer<typeof MeetingFormSchema>;

/** Type general (or the caller's), location kind google-meet (video), duration 60 (docs/product.md, "Meetings, mail and SMS"). */
export function meetingDefaults(type: MeetingType): MeetingFormValues {
  return { title: "", type, kind: "google-meet", location: "", date: "", time: "", duration: String(DEFAULT_DURATION_MINUTES), notes: "" };
}

/** The POST /api/meetings body, the date and time read in the zone, or undefined when the date, time or duration is not a real one. */
export function meetingBody(lead: LeadRef, values: MeetingFormValues, zone: string): ScheduleMeetingBody | undefined {
  const duration = Number(values.duration);
  const times = isValidDuration(duration) ? meetingInstants(values.date, values.time, duration, zone) : undefined;
  if (!times) return undefined;
  return {
    leadId: lead.id,
    title: values.title.trim(),
    type: values.type,
    meetingType: values.kind,
    location: values.kind === "in-person" ? values.location.trim() : null,
    ...times,
    notes: values.notes.trim() || null,
    attendeeEmail: lead.email || null,
  };
}
