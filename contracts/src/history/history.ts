import { z } from "zod";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { FieldChange, HistoryActor, HistoryEntry, LeadHistory } from "./answers.ts";

const POSITION = /^\d{1,20}-\d{1,20}$/;

/**
 * ?asOf= on GET /api/leads/{id}: a log position ("tx-pos", as commands answer it) or an ISO
 * instant with an offset. Anything else is a 400 naming asOf.
 */
export const AsOfQuery = z.object({
  asOf: z
    .string()
    .trim()
    .refine((v) => POSITION.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
      message: "Give a log position (as commands answer it) or an ISO instant such as 2026-01-31T12:00:00Z",
    })
    .transform((v): AsOf => (POSITION.test(v) ? { kind: "position", position: v } : { kind: "instant", at: new Date(v).toISOString() })),
});

export type AsOf = { kind: "position"; position: string } | { kind: "instant"; at: string };
