// zod/mini, because the browser imports these: the Settings page's form, the header's and the questionnaire's branding.
import { z } from "zod/mini";
import { preprocess, emptyToNull } from "../api/preprocess.ts";
import { Email } from "../auth/commands.ts";
import { TimeZone } from "../user/commands.ts";
import { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "../lead/stages.ts";

/** The days a week may start on in the agency's calendars (docs/product.md, "Settings"). */
export const WEEK_STARTS = ["Monday", "Sunday", "Saturday"] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** True for an ISO 4217 code the platform's Intl can format ("EUR", "USD"). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return true;
  }
}

/** What an agency starts with before a Partner changes anything; the name falls back to MAIL_FROM's display name. */
export const DEFAULT_SETTINGS = { currency: "USD", timeZone: "UTC", weekStart: "Monday" } as const;

/** Each stage's default probability of winning the deal, in percent (a lead may set its own). */
export { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES };

/** The most reasons the agency's list of lost reasons may hold. */
export const MAX_LOST_REASONS = 30;

/** GET /api/settings: the agency's settings (every approved colleague reads them; a Partner changes them). */
export const AgencySettings = z.object({
  agencyName: z.string(),
  /** The display name mails are sent under; the address stays MAIL_FROM's. */
  senderName: z.string(),
  /** Where clients' replies go; null replies to MAIL_FROM. */
  replyTo: z.nullable(z.string()),
  currency: z.string(),
  timeZone: z.string(),
  weekStart: z.enum(WEEK_STARTS),
  /** Every stage's default probability in percent: what a lead without its own probability is weighted by. */
  stageProbabilities: z.record(z.enum(LEAD_STAGES), z.int()),
  /** Every stage's stale limit: days without activity before an open lead is flagged (null: never stale in that stage). */
  staleAfterDays: z.record(z.enum(LEAD_STAGES), z.nullable(z.int())),
  /** The reasons a deal may be closed as lost for, in the order the Lose dialog offers them. */
  lostReasons: z.array(z.string()),
  /** Where the logo is served (GET /api/branding/logo?v=…); null for none. */
  logoUrl: z.nullable(z.string()),
  /** The settings stream's version, for If-Match. */
  version: z.number(),
});
export type AgencySettings = z.infer<typeof AgencySettings>;

/** GET /api/branding: what anyone may see (the sign-in screen, the public questionnaire, mails). */
export const Branding = z.object({ agencyName: z.string(), logoUrl: z.nullable(z.string()) });
export type Branding = z.infer<typeof Branding>;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, "At most 100 characters"));

const probability = z.int("Use a whole percentage").check(z.minimum(0, "At least 0"), z.maximum(100, "At most 100"));

const STAGE_NAMES: ReadonlySet<string> = new Set(LEAD_STAGES);

/** Some stages mapped to values: an unknown stage is named by its key (<field>.<key>), as a bad value is. */
const stageMap = <V extends z.core.SomeType>(value: V, error: string) =>
  z.pipe(
    z.record(z.string(), z.unknown(), { error }).check(
      z.superRefine((map, ctx) => {
        for (const key of Object.keys(map))
          if (!STAGE_NAMES.has(key))
            ctx.addIssue({ code: "custom", message: `Not a stage; stages are: ${LEAD_STAGES.join(", ")}`, path: [key], input: key });
      }),
    ),
    z.partialRecord(z.enum(LEAD_STAGES), value),
  );

/** Some stages' probabilities. */
const StageProbabilities = stageMap(probability, "Map stages to percentages");

/** Some stages' stale limits: whole days from 1 to 365, or null for never. */
const StaleAfterDays = stageMap(
  z.nullable(z.int("Use a whole number of days").check(z.minimum(1, "At least 1 day"), z.maximum(365, "At most 365 days"))),
  "Map stages to days (or null)",
);

/** The lost reasons: 1..30 distinct non-empty texts (each of at most 100 characters), a duplicate named by its index. */
const LostReasons = z
  .array(
    z
      .string({ error: "A reason is text" })
      .check(z.trim(), z.minLength(1, "A reason cannot be empty"), z.maxLength(100, "At most 100 characters")),
    { error: "A list of reasons" },
  )
  .check(
    z.minLength(1, "Keep at least one reason"),
    z.maxLength(MAX_LOST_REASONS, `At most ${MAX_LOST_REASONS} reasons`),
    z.superRefine((reasons, ctx) => {
      const seen = new Set<string>();
      reasons.forEach((reason, index) => {
        const key = reason.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: "Each reason once", path: [index], input: reason });
        seen.add(key);
      });
    }),
  );

/** Body of PATCH /api/settings (Partner): any subset; an empty reply-to clears it. */
export const SettingsBody = z.partial(
  z.strictObject({
    agencyName: name("Agency name"),
    senderName: name("Sender name"),
    replyTo: preprocess(emptyToNull, z.nullable(Email)),
    currency: z
      .string({ error: "Currency is required" })
      .check(z.trim(), z.toUpperCase(), z.refine(isCurrency, "Use a three-letter ISO 4217 code, such as EUR or USD")),
    timeZone: TimeZone,
    weekStart: z.enum(WEEK_STARTS, { error: `Week start is one of: ${WEEK_STARTS.join(", ")}` }),
    /** Only the stages sent change; the others keep theirs. */
    stageProbabilities: StageProbabilities,
    /** Only the stages sent change; null: never stale in that stage. */
    staleAfterDays: StaleAfterDays,
    /** The whole list, replacing the one in force. */
    lostReasons: LostReasons,
  }),
);
export type SettingsBody = z.infer<typeof SettingsBody>;

/** The logo's limits: raster images a mail client and a browser both show, small enough for a header. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
