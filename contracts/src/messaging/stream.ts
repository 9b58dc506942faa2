const PREFIX = "message-";

/** The stream of one outgoing email or SMS: its request and its delivery outcome. */
export const messageStreamId = (messageId: string) => `${PREFIX}${messageId}`;

/** The message id of a message stream, undefined for any other stream. */
export const messageIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;
