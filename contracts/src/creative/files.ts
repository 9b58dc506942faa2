import { z } from "zod";
import { FILE_PURPOSES, SNIFFED_TYPES } from "./limits.ts";

export { FILE_PURPOSES, formatBytes, SNIFFED_TYPES, UPLOAD_LIMITS, type SniffedType } from "./limits.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { FileInfo, FileLink } from "./answers.ts";

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

/** The API path of a file's bytes. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;
