import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { applySettingsChange, INITIAL_SETTINGS, type SettingsChange, type SettingsState } from "@crm/contracts/settings/state";
import type { EventStore } from "@crm/infra/event-store/event-store";

/**
 * The agency's settings as the reports read them (zone, week start, currency, stage probabilities,
 * stale limits): the settings stream folded, kept between reads and topped up with the events
 * after the last one folded, so a read costs one short stream read however long the stream grows.
 */
export function agencySettingsReader(store: EventStore): () => Promise<SettingsState> {
  let folded = { state: INITIAL_SETTINGS, version: 0 };
  return async () => {
    const since = folded;
    const events = await store.readStream(SETTINGS_STREAM_ID, { fromVersion: since.version });
    if (events.length > 0 && folded === since) {
      const state = events.reduce(
        (s, e) => (e.type === "AgencySettingsChanged" ? applySettingsChange(s, e.data as SettingsChange) : s),
        since.state,
      );
      folded = { state, version: events.at(-1)!.streamVersion };
    }
    return folded.state;
  };
}
