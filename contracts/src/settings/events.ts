import { z } from "zod";
import { LEAD_STAGES } from "../lead/stages.ts";
import { WEEK_STARTS } from "./settings.ts";

/** The one stream that holds the agency's settings. */
export const SETTINGS_STREAM_ID = "agency-settings";

/**
 * A Partner changed the agency's settings: only the fields that changed are present. The logo is a
 * stored file (its id, type and size); null removes it.
 */
export const AgencySettingsChanged = z.object({
  agencyName: z.string().optional(),
  senderName: z.string().optional(),
  replyTo: z.string().nullable().optional(),
  currency: z.string().optional(),
  timeZone: z.string().optional(),
  weekStart: z.enum(WEEK_STARTS).optional(),
  /** Only the stages whose default probability changed, with their new percent. */
  stageProbabilities: z.partialRecord(z.enum(LEAD_STAGES), z.int().min(0).max(100)).optional(),
  /** Only the stages whose stale limit changed: days without activity before a lead is flagged (null: never). */
  staleAfterDays: z.partialRecord(z.enum(LEAD_STAGES), z.int().min(1).max(365).nullable()).optional(),
  /** The whole new list of lost reasons. */
  lostReasons: z.array(z.string()).optional(),
  logo: z.object({ key: z.string(), contentType: z.string(), size: z.number() }).nullable().optional(),
});

export const settingsEvents = { AgencySettingsChanged } as const;
