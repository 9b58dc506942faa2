import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ApiError, ValidationError } from "@crm/contracts/api/errors";
import { formatBytes, UPLOAD_LIMITS, type FilePurpose, type SniffedType } from "@crm/contracts/creative/files";
import type { FileStorage } from "./file-storage.ts";
import { SNIFF_BYTES, sniffContentType } from "./sniff.ts";

export class PayloadTooLargeError extends ApiError {
  constructor(maxBytes: number, purpose: string) {
    super(413, "Payload too large", `A ${purpose} file may be at most ${formatBytes(maxBytes)}.`);
  }
}

export class UnsupportedFileTypeError extends ApiError {
  constructor(purpose: FilePurpose, found: SniffedType | undefined) {
    const allowed = UPLOAD_LIMITS[purpose].types.join(", ");
    super(
      415,
      "Unsupported media type",
      `${found ? `This file is ${found}` : "This file's type is not recognised"}; a ${purpose} may be ${allowed}. The type is read from the file's content, not its name.`,
    );
  }
}

export interface ReceivedFile {
  size: number;
  contentType: SniffedType;
  checksum: string;
}

/** Refuses a declared Content-Length over the limit before a byte is read. */
export function checkDeclaredLength(contentLength: string | undefined, purpose: FilePurpose): void {
  if (contentLength !== undefined && Number(contentLength) > UPLOAD_LIMITS[purpose].maxBytes)
    throw new PayloadTooLargeError(UPLOAD_LIMITS[purpose].maxBytes, purpose);
}

/**
 * Streams an upload into storage without holding the file in memory: counts and hashes every
 * chunk, holds back only the first 4 KB until their content type is known, and fails the stream
 * (so storage keeps nothing) when the file is too big or of a type this purpose does not take.
 */
export async function receiveUpload(
  source: AsyncIterable<Buffer>,
  purpose: FilePurpose,
  storage: FileStorage,
  key: string,
): Promise<ReceivedFile> {
  const { maxBytes, types } = UPLOAD_LIMITS[purpose];
  const hash = createHash("sha256");
  let size = 0;
  let contentType: SniffedType | undefined;
  let refusal: Error | undefined;

  const check = (head: Buffer) => {
    const found = sniffContentType(head);
    if (!found || !types.includes(found)) throw new UnsupportedFileTypeError(purpose, found);
    contentType = found;
    return head;
  };
  async function* inspected() {
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw new PayloadTooLargeError(maxBytes, purpose);
        hash.update(chunk);
        if (contentType) yield chunk;
        else if ((head = Buffer.concat([head, chunk])).length >= SNIFF_BYTES) yield check(head);
      }
      if (size === 0) throw new ValidationError([{ field: "body", message: "The file is empty" }]);
      if (!contentType) yield check(head);
    } catch (error) {
      refusal = error as Error;
      throw error;
    }
  }
  try {
    // The sniffing decides the stored content type; storage learns it from the first chunk's check.
    await storage.put(key, Readable.from(inspected()), "application/octet-stream");
  } catch (error) {
    throw refusal ?? error;
  }
  return { size, contentType: contentType!, checksum: hash.digest("hex") };
}
