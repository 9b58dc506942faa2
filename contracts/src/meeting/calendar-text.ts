/**
 * What a meeting's calendar entries say, the same in the invites (command-service) and the personal
 * feed (read-api): its UID, its video call named as what it is, and where it happens.
 */
import type { ConferenceProvider, MeetingKind } from "./meeting.ts";

/** The UID that identifies the meeting in every calendar (every invite and the feed), for the whole life of the meeting. */
export const meetingUid = (meetingId: string) => `${meetingId}@agency-crm`;

const UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@agency-crm$/i;

/** The meeting a UID names (an RSVP's), undefined for a UID that is not one of ours. */
export const meetingIdOfUid = (uid: string): string | undefined => UID.exec(uid.trim())?.[1]?.toLowerCase();

/** The video call named as what it is (docs/product.md, "Meetings, mail and SMS"): never Google Meet for a Jitsi link. */
export function videoCallName(provider: ConferenceProvider | null): string {
  return provider === "google" ? "Google Meet" : provider === "jitsi" ? "Jitsi video call" : "video call";
}

export interface MeetingPlace {
  meetingType: MeetingKind;
  location: string | null;
  joinLink: string | null;
  conferenceProvider: ConferenceProvider | null;
  notes: string | null;
}

/** Where the meeting happens, in words: the address, or the video link (or that it is on its way). */
export function meetingPlace(meeting: Omit<MeetingPlace, "notes">): string {
  if (meeting.meetingType === "in-person") return meeting.location ?? "In person";
  return meeting.joinLink ?? `${videoCallName(meeting.conferenceProvider)} (link to follow)`;
}

/** The calendar event's text: the join link with its provider's name, or the place; then the notes. */
export function meetingDescription(meeting: MeetingPlace): string {
  const lines = [
    meeting.meetingType !== "in-person" && meeting.joinLink
      ? `Join the ${videoCallName(meeting.conferenceProvider)}: ${meeting.joinLink}`
      : `Location: ${meetingPlace(meeting)}`,
  ];
  if (meeting.notes) lines.push("", meeting.notes);
  return lines.join("\n");
}
