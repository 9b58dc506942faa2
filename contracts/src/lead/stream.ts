const PREFIX = "lead-";

/** The stream that holds one lead's events. */
export const leadStreamId = (leadId: string) => `${PREFIX}${leadId}`;

/** The lead id of a lead stream, undefined for any other stream. */
export const leadIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;
