const PREFIX = "inbound-";

/**
 * The stream of one inbound message, named by a digest of its Message-ID (the intake computes it,
 * command-service/src/inbound): whichever path brings the message, however often, it lands on
 * the same stream, and the store refuses the second "new stream" append.
 */
export const inboundStreamId = (messageIdDigest: string) => `${PREFIX}${messageIdDigest}`;

export const isInboundStream = (streamId: string) => streamId.startsWith(PREFIX);
