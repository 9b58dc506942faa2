// zod/mini, because the browser imports these: the Settings page's form, the header's and the questionnaire's branding.
import { z } from "zod/mini";
import { preprocess, emptyToNull } from "../api/preprocess.ts";
import { Email } from "../auth/commands.ts";
import { TimeZone } from "../user/commands.ts";

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
  }),
);
export type SettingsBody = z.infer<typeof SettingsBody>;

/** The logo's limits: raster images a mail client and a browser both show, small enough for a header. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
