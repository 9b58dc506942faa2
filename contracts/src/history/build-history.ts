import { describeClientLinkEvent } from "../client-link/describe.ts";
import type { RecordedEvent } from "../events/registry.ts";
import { describeLeadEvent } from "../lead/describe.ts";
import type { Lead } from "../lead/lead.ts";
import { leadIdOfStream } from "../lead/stream.ts";
import { describeMessagingEvent } from "../messaging/describe.ts";
import { describeQuestionnaireEvent } from "../questionnaire/describe.ts";
import type { FieldChange, HistoryActor, HistoryEntry } from "./history.ts";
import { diffLead, foldLead } from "./lead-snapshot.ts";

/** How an actor id reads: a user's display name when known; the questionnaire and the system by role. */
export function actorOf(id: string, names: ReadonlyMap<string, string>): HistoryActor {
  if (id === "public") return { id, name: "Client (public questionnaire)" };
  if (id === "system") return { id, name: "System" };
  return { id, name: names.get(id) ?? null };
}

/** "MeetingScheduled" -> "Meeting scheduled": the reading of events that have no timeline text. */
const humanize = (type: string) => type.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

function summaryOf(event: RecordedEvent): string {
  if (event.type === "LeadErased") return "Personal data erased";
  const described =
    describeLeadEvent(event) ?? describeMessagingEvent(event) ?? describeQuestionnaireEvent(event) ?? describeClientLinkEvent(event);
  return described?.title ?? humanize(event.type);
}

/** Flattens event data one level deep ("answers.brandWords"), leaving out the lead id every related event repeats. */
function flatten(data: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === "leadId") continue;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) flat[`${key}.${inner}`] = v;
    } else flat[key] = value;
  }
  return flat;
}

/** A related stream's state is the union of what its events said: each event changes the fields it names. */
function diffFields(before: Record<string, unknown>, data: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, after] of Object.entries(flatten(data))) {
    const previous = before[field] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(after ?? null)) changes.push({ field, before: previous, after: after ?? null });
    before[field] = after;
  }
  return changes;
}

/**
 * A lead's history from its events and its related streams' events, all in log order: each entry
 * with who, when, the command that caused it and what changed. The lead's own stream is folded
 * as the leads read model folds it, so its changes are real before/after values.
 */
export function buildHistory(events: readonly RecordedEvent[], names: ReadonlyMap<string, string>): HistoryEntry[] {
  let lead: Lead | undefined;
  let leadVersion = 0;
  const streams = new Map<string, Record<string, unknown>>();
  return events.map((event) => {
    let changes: FieldChange[];
    if (leadIdOfStream(event.streamId) !== undefined) {
      const next = foldLead(lead, event);
      // A logged activity changes no field of the lead: what it says is its own record (type, summary, details, follow-up).
      changes = event.type === "LeadActivityLogged" ? diffFields({}, event.data) : diffLead(lead, next);
      lead = next;
      leadVersion = event.streamVersion;
    } else {
      const state = streams.get(event.streamId) ?? {};
      streams.set(event.streamId, state);
      changes = diffFields(state, event.data as Record<string, unknown>);
    }
    return {
      position: event.position,
      eventId: event.eventId,
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      type: event.type,
      schemaVersion: event.schemaVersion,
      at: event.metadata.at,
      actor: actorOf(event.metadata.actor, names),
      commandId: event.metadata.commandId,
      correlationId: event.metadata.correlationId,
      summary: summaryOf(event),
      changes,
      leadVersion,
      data: event.data as Record<string, unknown>,
    };
  });
}
