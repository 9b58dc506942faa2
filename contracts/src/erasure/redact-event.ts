import { EVENT_DEFINITIONS, type EventType, type RecordedEvent } from "../events/registry.ts";
import { redactValue } from "./redact.ts";

/**
 * An event's data with its personal values replaced (redact.ts), guided by its type's current
 * schema. The erasure record itself and events that name no person pass through unchanged.
 */
export function redactEvent(event: Pick<RecordedEvent, "type" | "data">): Record<string, unknown> {
  const data = event.data as Record<string, unknown>;
  if (event.type === "LeadErased") return data;
  return redactValue(data, EVENT_DEFINITIONS[event.type as EventType].schema) as Record<string, unknown>;
}
