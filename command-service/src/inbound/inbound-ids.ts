import { createHash } from "node:crypto";

const sha256 = (input: string | Buffer) => createHash("sha256").update(input).digest("hex");

/**
 * What names an inbound message's stream (inboundStreamId): the SHA-256 of its Message-ID in lower
 * case, or of its raw bytes when it has none. Whichever path brings it, however often, it is the same.
 */
export const messageIdDigest = (messageId: string) => sha256(messageId.trim().toLowerCase());
export const rawDigest = (raw: Buffer) => sha256(raw);

/** A UUID (v5 layout) from a name: the same name always gives the same id, so a retry rewrites rather than adds. */
export function uuidFromName(name: string): string {
  const hash = createHash("sha1").update(`crm-inbound:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the message's event, and of its index-th file. */
export const inboundIdOf = (digest: string) => uuidFromName(`message:${digest}`);
export const inboundFileIdOf = (digest: string, index: number) => uuidFromName(`file:${digest}:${index}`);

/** The folder of unmatched messages' files (a matched message's files go to the lead's folder, fileKey). */
export const INBOX_FILES_PREFIX = "inbox/";
export const inboxFileKey = (fileId: string) => `${INBOX_FILES_PREFIX}${fileId}`;
