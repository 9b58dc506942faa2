const PREFIX = "meeting-";

/** The stream that holds one meeting's events (its schedule, invites and their delivery). */
export const meetingStreamId = (meetingId: string) => `${PREFIX}${meetingId}`;

/** The meeting id of a meeting stream, undefined for any other stream. */
export const meetingIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;
