// No zod here: the UI imports these values (accept lists, size checks) without the schema library.

/** What an upload is for: a content submission of one type, or a task attachment. */
export const FILE_PURPOSES = ["video", "photo", "graphic", "caption", "attachment"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Content types we recognise from a file's first bytes (never from its name). */
export const SNIFFED_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "application/pdf",
  "text/plain",
] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

const MB = 1024 * 1024;
const IMAGES: SniffedType[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** Per purpose: the content types accepted and the largest size in bytes (decisions/013). */
export const UPLOAD_LIMITS: Record<FilePurpose, { types: readonly SniffedType[]; maxBytes: number }> = {
  photo: { types: IMAGES, maxBytes: 20 * MB },
  graphic: { types: [...IMAGES, "image/svg+xml", "application/pdf"], maxBytes: 25 * MB },
  video: { types: ["video/mp4", "video/quicktime", "video/webm"], maxBytes: 500 * MB },
  caption: { types: ["text/plain", "application/pdf"], maxBytes: 2 * MB },
  attachment: {
    types: [...IMAGES, "image/svg+xml", "application/pdf", "text/plain", "video/mp4", "video/quicktime", "video/webm"],
    maxBytes: 50 * MB,
  },
};

/** "2.4 MB" for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
