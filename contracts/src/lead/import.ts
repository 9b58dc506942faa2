import { z } from "zod";

/** At most this many data rows per import; larger files are refused with 413. */
export const IMPORT_MAX_ROWS = 5_000;
/** At most this many characters of CSV per import (the JSON body limit is 1 MB as well). */
export const IMPORT_MAX_CHARS = 1_000_000;

const header = z.string({ error: "Name a column header" }).trim().min(1, "Name a column header").max(200);

/** Which CSV column feeds which lead field; name, business and email are required. */
export const ImportMapping = z.strictObject({
  name: header,
  business: header,
  email: header,
  phone: header.optional(),
  source: header.optional(),
  priority: header.optional(),
  notes: header.optional(),
});
export type ImportMapping = z.infer<typeof ImportMapping>;
export type ImportField = keyof ImportMapping;

/** Body of POST /api/leads/import. */
export const ImportLeadsBody = z.strictObject({
  csv: z.string({ error: "Send the CSV text" }).min(1, "The CSV is empty").max(IMPORT_MAX_CHARS, `At most ${IMPORT_MAX_CHARS} characters`),
  mapping: ImportMapping,
  dryRun: z.boolean().default(false),
});
export type ImportLeadsBody = z.infer<typeof ImportLeadsBody>;

export const ImportRowStatus = z.enum(["created", "updated", "error"]);

/** The outcome of one CSV row; line is where the record starts in the file (the header is line 1). */
export const ImportRowResult = z.object({
  line: z.number().int(),
  status: ImportRowStatus,
  reason: z.string().optional(),
  leadId: z.string().optional(),
});
export type ImportRowResult = z.infer<typeof ImportRowResult>;

/** What POST /api/leads/import answers; position is the log position to wait for (absent on a dry run). */
export const ImportResult = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  rows: z.array(ImportRowResult),
  position: z.string().optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;
