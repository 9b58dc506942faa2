import { ConflictError, NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import { confirmsErasure, ERASE_WORD, type EraseLeadResult } from "@crm/contracts/erasure/erasure";
import { redactEvent } from "@crm/contracts/erasure/redact-event";
import type { EventMetadata, RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { StreamVersionConflictError, type EventStore } from "@crm/infra/event-store/event-store";
import type { StreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { forgetStreams } from "../shared/stream-states.ts";

export interface EraseLeadDeps {
  store: EventStore;
  redactor: StreamRedactor;
  /** Rebuilds every read model from the (now redacted) log, so no copy of the data survives in them. */
  rebuildReadModels: () => Promise<void>;
}

export interface EraseLeadCommand {
  leadId: string;
  confirmation: string;
  metadata: EventMetadata;
}

const ATTEMPTS = 3;

/** The lead's name as it last read: what the typed confirmation must match. */
function lastName(events: readonly RecordedEvent[]): string | undefined {
  let name: string | undefined;
  for (const e of events) {
    if (e.type === "LeadCreated") name = e.data.name;
    else if (e.type === "LeadDetailsChanged" && e.data.changes.name !== undefined) name = e.data.changes.name;
  }
  return name;
}

/** Checks the lead can be erased and the confirmation names it; answers the stream version seen. */
async function check(store: EventStore, command: EraseLeadCommand): Promise<number> {
  const events = await store.readStream(leadStreamId(command.leadId));
  const name = lastName(events);
  if (name === undefined) throw new NotFoundError("Lead");
  if (events.some((e) => e.type === "LeadErased")) throw new ConflictError("This lead's personal data has already been erased.");
  if (!confirmsErasure(command.confirmation, name)) {
    throw new ValidationError([{ field: "confirmation", message: `Type the lead's name or ${ERASE_WORD} to confirm` }]);
  }
  return events.at(-1)!.streamVersion;
}

async function redactAll({ store, redactor }: EraseLeadDeps, leadId: string) {
  const streams = await redactor.findLeadStreams(leadStreamId(leadId), leadId);
  const events = await redactor.rewriteStreams(streams, redactEvent);
  // Other processes load these streams whole again by their rewrites count; this one forgets its old values at once.
  forgetStreams(store, streams);
  return { streams: streams.length, events };
}

/**
 * Right to erasure (decisions/020): rewrites every event of the lead and its related streams with
 * personal values replaced by markers, appends LeadErased (who and when, nothing personal) at the
 * version it checked, redacts once more for anything a related stream gained meanwhile, then
 * rebuilds the read models from the redacted log.
 */
export async function eraseLead(deps: EraseLeadDeps, command: EraseLeadCommand): Promise<EraseLeadResult> {
  for (let attempt = 1; ; attempt++) {
    const version = await check(deps.store, command);
    const first = await redactAll(deps, command.leadId);
    try {
      const appended = await deps.store.append(
        leadStreamId(command.leadId),
        version,
        [{ type: "LeadErased", data: { leadId: command.leadId, streams: first.streams, events: first.events } }],
        { commandId: command.metadata.commandId, metadata: command.metadata },
      );
      const late = await redactAll(deps, command.leadId);
      await deps.rebuildReadModels();
      return { id: command.leadId, version: appended.nextVersion, position: appended.position, streams: late.streams, events: first.events + late.events };
    } catch (error) {
      // The lead changed between the check and the append: its new events are redacted on the next round.
      if (!(error instanceof StreamVersionConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
