import type { RecordedEvent } from "@crm/contracts/events/registry";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { foldSettings } from "@crm/contracts/settings/state";
import { isTimeZone } from "@crm/contracts/time/date-time";
import { userStreamId } from "@crm/contracts/user/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";

/** The zone a person's profile names (their last UserProfileChanged that set or cleared it), null for none. */
export function profileTimeZoneOf(events: readonly RecordedEvent[]): string | null {
  let zone: string | null = null;
  for (const event of events) {
    if (event.type === "UserProfileChanged" && event.data.timeZone !== undefined) zone = event.data.timeZone;
  }
  return zone !== null && isTimeZone(zone) ? zone : null;
}

/**
 * The zone a reader sees times in (docs/product.md, "Limits and constants", Dates): their profile's,
 * else the agency's. Two short streams, folded as the mail brand folds them: a read model would lag a
 * profile change that the reader has just made.
 */
export async function readerTimeZone(store: EventStore, actorId: string | undefined): Promise<string> {
  const own = actorId ? profileTimeZoneOf(await store.readStream(userStreamId(actorId))) : null;
  return own ?? foldSettings(await store.readStream(SETTINGS_STREAM_ID)).timeZone;
}
