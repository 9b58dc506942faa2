import { z } from "zod";

/** What an upload is for: a content submission of one type, or a task attachment. */
export const FILE_PURPOSES = ["video", "photo", "graphic", "caption", "attachment"] as const;
export const FilePurpose = z.enum(FILE_PURPOSES, { error: "Purpose is video, photo, graphic, caption or attachment" });
export type FilePurpose = z.infer<typeof FilePurpose>;

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
  attachment: { types: [...IMAGES, "image/svg+xml", "application/pdf", "text/plain", "video/mp4", "video/quicktime", "video/webm"], maxBytes: 50 * MB },
};

/** The stored object as events carry it: where it is, how big, what it is and its SHA-256. */
export const StoredFile = z.object({
  fileId: z.uuid(),
  key: z.string().min(1),
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.enum(SNIFFED_TYPES),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** Query of POST /api/files (the body is the raw file, streamed). */
export const UploadQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs"),
  purpose: FilePurpose,
});

/** What GET /api/files/:id and an upload answer describe. */
export interface FileInfo {
  id: string;
  leadId: string;
  purpose: FilePurpose;
  name: string;
  size: number;
  contentType: SniffedType;
  checksum: string;
  createdAt: string;
  createdBy: string;
  /** Where the signed-in staff read it: always through the API, never a bucket URL. */
  url: string;
}

/** A file as lists show it: its name, size, type and the API path of its bytes. */
export interface FileLink {
  fileId: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}

/** The API path of a file's bytes. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/** "2.4 MB" for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
