import type { EventOf } from "@crm/contracts/events/registry";
import type { LeadStageName } from "@crm/contracts/lead/stages";
import type { SettingsBody } from "@crm/contracts/settings/settings";
import {
  applySettingsChange,
  INITIAL_SETTINGS,
  type SettingsChange,
  type SettingsState,
  type StoredLogo,
} from "@crm/contracts/settings/state";
import { decideBy, type Decider, type EventEnvelope } from "../core/decider.ts";

const SETTINGS_EVENT_TYPES = ["AgencySettingsChanged"] as const;
export type SettingsEvent = EventOf<(typeof SETTINGS_EVENT_TYPES)[number]>;
export type { SettingsState };

export type SettingsCommand =
  /** defaultName: MAIL_FROM's display name, what an unset agency or sender name stands at. */
  { type: "ChangeSettings"; changes: SettingsBody; defaultName: string } | { type: "SetLogo"; logo: StoredLogo } | { type: "RemoveLogo" };

export const evolve = (state: SettingsState, event: EventEnvelope<SettingsEvent>): SettingsState => applySettingsChange(state, event.data);

const changed = (change: SettingsChange): SettingsEvent[] =>
  Object.keys(change).length === 0 ? [] : [{ type: "AgencySettingsChanged", data: change }];

/** The fields whose value differs from the one in force: a PATCH that changes nothing records nothing. */
function changeSettings({ changes, defaultName }: Extract<SettingsCommand, { type: "ChangeSettings" }>, state: SettingsState) {
  const current = {
    ...state,
    agencyName: state.agencyName ?? defaultName,
    senderName: state.senderName ?? defaultName,
  };
  const { stageProbabilities, staleAfterDays, lostReasons, ...scalars } = changes;
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(scalars) as [keyof typeof scalars, unknown][]) {
    if (value !== undefined && value !== current[key]) change[key] = value;
  }
  // Only the stages whose probability or stale limit differs; the whole list of reasons when it differs in any way (order included).
  const differing = <V>(sent: Partial<Record<LeadStageName, V>> | undefined, held: Readonly<Record<LeadStageName, V>>) =>
    Object.entries(sent ?? {}).filter(([stage, value]) => value !== undefined && value !== held[stage as LeadStageName]);
  const probabilities = differing(stageProbabilities, state.stageProbabilities);
  if (probabilities.length > 0) change.stageProbabilities = Object.fromEntries(probabilities);
  const staleLimits = differing(staleAfterDays, state.staleAfterDays);
  if (staleLimits.length > 0) change.staleAfterDays = Object.fromEntries(staleLimits);
  if (lostReasons !== undefined && JSON.stringify(lostReasons) !== JSON.stringify(state.lostReasons)) change.lostReasons = lostReasons;
  return changed(change as SettingsChange);
}

export const decide = decideBy<SettingsCommand, SettingsState, SettingsEvent>({
  ChangeSettings: changeSettings,
  // Every upload is stored under a new key, so a new logo is always a change.
  SetLogo: ({ logo }) => changed({ logo }),
  RemoveLogo: (_command, state) => (state.logo ? changed({ logo: null }) : []),
});

/** The agency's settings: one stream (SETTINGS_STREAM_ID), changed by Partners. */
export const settingsDecider: Decider<SettingsCommand, SettingsState, SettingsEvent> = {
  initialState: INITIAL_SETTINGS,
  eventTypes: SETTINGS_EVENT_TYPES,
  evolve,
  decide,
};
