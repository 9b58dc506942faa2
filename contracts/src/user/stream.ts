const PREFIX = "user-";

/** The stream that holds one staff member's lifecycle. */
export const userStreamId = (userId: string) => `${PREFIX}${userId}`;

/** The user id of a user stream, undefined for any other stream. */
export const userIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;

/** Appended with expected version 0, so exactly one account ever becomes the bootstrap Partner. */
export const BOOTSTRAP_STREAM_ID = "system-bootstrap";
