import type { SniffedType } from "@crm/contracts/creative/files";

/** How many leading bytes sniffing looks at. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** ISO base media files (MP4, MOV): an "ftyp" box first; "qt  " is QuickTime's brand. */
function isoMedia(bytes: Uint8Array): SniffedType | undefined {
  const box = ascii(bytes, 4, 8);
  if (box === "ftyp") return ascii(bytes, 8, 12) === "qt  " ? "video/quicktime" : "video/mp4";
  // Older QuickTime files start with a movie, data or padding atom instead.
  if (["moov", "mdat", "wide", "free", "pnot"].includes(box) && bytes.length >= 8) return "video/quicktime";
  return undefined;
}

function binary(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  return isoMedia(bytes);
}

/** UTF-8 text without control characters other than tab, newlines and form feed. */
function text(bytes: Uint8Array): string | undefined {
  try {
    // stream: true tolerates a character cut in half at the end of the sniffed head.
    const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    // eslint-disable-next-line no-control-regex -- control characters are what tells text from binary
    return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded) ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** An SVG document: optional XML declaration, comments and doctype, then the <svg> root. */
const SVG = /^\ufeff?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

/**
 * The content type of a file from its first bytes, never from its name: magic numbers for the
 * binary formats, then SVG and plain text by their text. Undefined when it is none of those.
 */
export function sniffContentType(head: Uint8Array): SniffedType | undefined {
  if (head.length === 0) return undefined;
  const found = binary(head);
  if (found) return found;
  const decoded = text(head);
  if (decoded === undefined) return undefined;
  return SVG.test(decoded) ? "image/svg+xml" : "text/plain";
}
