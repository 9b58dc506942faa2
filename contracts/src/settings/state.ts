import type { z } from "zod";
import type { AgencySettingsChanged } from "./events.ts";
import { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS, type LeadStageName } from "../lead/stages.ts";
import { DEFAULT_SETTINGS, type AgencySettings, type Branding, type WeekStart } from "./settings.ts";

/**
 * The agency's settings as the one settings stream folds to: what the command service decides on
 * and composes mails with, and what the read API answers (the stream is tiny, so both fold it).
 */
export type SettingsChange = z.output<typeof AgencySettingsChanged>;

/** The stored logo: where its bytes are in file storage, their sniffed type and size. */
export interface StoredLogo {
  key: string;
  contentType: string;
  size: number;
}

export interface SettingsState {
  /** null until a Partner names them: then MAIL_FROM's display name stands in (settingsOf). */
  agencyName: string | null;
  senderName: string | null;
  replyTo: string | null;
  currency: string;
  timeZone: string;
  weekStart: WeekStart;
  /** Every stage's default probability (percent), the defaults where a Partner set none. */
  stageProbabilities: Readonly<Record<LeadStageName, number>>;
  /** Every stage's stale limit in days (null: never stale), the defaults where a Partner set none. */
  staleAfterDays: Readonly<Record<LeadStageName, number | null>>;
  lostReasons: readonly string[];
  logo: StoredLogo | null;
}

export const INITIAL_SETTINGS: SettingsState = {
  agencyName: null,
  senderName: null,
  replyTo: null,
  ...DEFAULT_SETTINGS,
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: DEFAULT_LOST_REASONS,
  logo: null,
};

/** A field absent from the change keeps its value; null (reply-to, logo) clears it. */
const keep = <T>(changed: T | undefined, old: T): T => (changed === undefined ? old : changed);

/** One AgencySettingsChanged folded into the state. */
export function applySettingsChange(state: SettingsState, change: SettingsChange): SettingsState {
  return {
    agencyName: keep(change.agencyName, state.agencyName),
    senderName: keep(change.senderName, state.senderName),
    replyTo: keep(change.replyTo, state.replyTo),
    currency: keep(change.currency, state.currency),
    timeZone: keep(change.timeZone, state.timeZone),
    weekStart: keep(change.weekStart, state.weekStart),
    stageProbabilities: change.stageProbabilities
      ? { ...state.stageProbabilities, ...change.stageProbabilities }
      : state.stageProbabilities,
    staleAfterDays: change.staleAfterDays ? { ...state.staleAfterDays, ...change.staleAfterDays } : state.staleAfterDays,
    lostReasons: keep(change.lostReasons, state.lostReasons),
    logo: keep(change.logo, state.logo),
  };
}

/** The settings stream's events (any others are left out) folded from the initial state. */
export function foldSettings(events: readonly { type: string; data: unknown }[]): SettingsState {
  return events.reduce<SettingsState>(
    (state, event) => (event.type === "AgencySettingsChanged" ? applySettingsChange(state, event.data as SettingsChange) : state),
    INITIAL_SETTINGS,
  );
}

/** The sender's display name from MAIL_FROM ("Studio <hi@studio.test>" gives "Studio"): the agency's name until one is set. */
export function brandName(mailFrom: string): string {
  const match = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return match?.[1]?.trim() || "Our team";
}

/** The address part of MAIL_FROM. */
export function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The logo's version: the last segment of its storage key, new for every upload. */
export const logoVersion = (logo: StoredLogo) => logo.key.slice(logo.key.lastIndexOf("/") + 1);

/** Where the current logo is served: the path changes with every upload, so a browser may keep it for good. */
export const logoPath = (logo: StoredLogo) => `/api/branding/logo?v=${encodeURIComponent(logoVersion(logo))}`;

/** The settings as the API answers them: MAIL_FROM's name where none was set, the logo as its URL. */
export function settingsOf(state: SettingsState, version: number, mailFrom: string): AgencySettings {
  const fallback = brandName(mailFrom);
  return {
    agencyName: state.agencyName ?? fallback,
    senderName: state.senderName ?? fallback,
    replyTo: state.replyTo,
    currency: state.currency,
    timeZone: state.timeZone,
    weekStart: state.weekStart,
    stageProbabilities: { ...state.stageProbabilities },
    staleAfterDays: { ...state.staleAfterDays },
    lostReasons: [...state.lostReasons],
    logoUrl: state.logo ? logoPath(state.logo) : null,
    version,
  };
}

/** What anyone may see of the settings. */
export const brandingOf = ({ agencyName, logoUrl }: AgencySettings): Branding => ({ agencyName, logoUrl });
