// zod/mini, because the browser imports this module (the import dialog checks the file against the limits below).
import { z } from "zod/mini";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { ImportResult, ImportRowResult, ImportRowSets, ImportRowStatus } from "./answers.ts";

/** At most this many data rows per import; larger files are refused with 413. */
export const IMPORT_MAX_ROWS = 5_000;
/** At most this many characters of CSV per import (the JSON body limit is 1 MB as well). */
export const IMPORT_MAX_CHARS = 1_000_000;

const header = z.string({ error: "Name a column header" }).check(z.trim(), z.minLength(1, "Name a column header"), z.maxLength(200));

/**
 * Which CSV column feeds which lead field; name, business and email are required. stage is a stage's
 * name as the board shows it, owner a colleague's email or display name, value an amount in the
 * agency's currency as a person types it ("1,250.50"), expectedCloseOn a date as YYYY-MM-DD,
 * probability a whole percentage.
 */
export const ImportMapping = z.strictObject({
  name: header,
  business: header,
  email: header,
  phone: z.optional(header),
  source: z.optional(header),
  priority: z.optional(header),
  notes: z.optional(header),
  stage: z.optional(header),
  owner: z.optional(header),
  value: z.optional(header),
  expectedCloseOn: z.optional(header),
  probability: z.optional(header),
});
export type ImportMapping = z.infer<typeof ImportMapping>;
export type ImportField = keyof ImportMapping;

/** Body of POST /api/leads/import. */
export const ImportLeadsBody = z.strictObject({
  csv: z
    .string({ error: "Send the CSV text" })
    .check(z.minLength(1, "The CSV is empty"), z.maxLength(IMPORT_MAX_CHARS, `At most ${IMPORT_MAX_CHARS} characters`)),
  mapping: ImportMapping,
  dryRun: z._default(z.boolean(), false),
});
export type ImportLeadsBody = z.infer<typeof ImportLeadsBody>;
