import { z } from "zod";
import { FILE_PURPOSES, SNIFFED_TYPES } from "./limits.ts";

export { FILE_PURPOSES, formatBytes, SNIFFED_TYPES, UPLOAD_LIMITS, type SniffedType } from "./limits.ts";

/** What an upload is for: a content submission of one type, or a task attachment. */
export const FilePurpose = z.enum(FILE_PURPOSES, { error: "Purpose is video, photo, graphic, caption or attachment" });
export type FilePurpose = z.infer<typeof FilePurpose>;

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
export const FileInfo = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  purpose: FilePurpose,
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.enum(SNIFFED_TYPES),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.string(),
  /** Where the signed-in staff read it: always through the API, never a bucket URL. */
  url: z.string(),
});
export type FileInfo = z.infer<typeof FileInfo>;

/** A file as lists show it: its name, size, type and the API path of its bytes. */
export const FileLink = z.object({
  fileId: z.uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  url: z.string(),
});
export type FileLink = z.infer<typeof FileLink>;

/** The API path of a file's bytes. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;
