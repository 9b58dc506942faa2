import { NotFoundError, ValidationError } from "@crm/contracts/api/errors";
import { confirmsErasure, ERASE_WORD, type EraseLeadResult } from "@crm/contracts/erasure/erasure";
import { redactEvent } from "@crm/contracts/erasure/redact-event";
import type { EventMetadata, RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { BackgroundJobs } from "@crm/infra/background/background-jobs";
import { StreamVersionConflictError, type EventStore } from "@crm/infra/event-store/event-store";
import type { StreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { forgetStreams } from "../core/stream-states.ts";
import { findLeadCopies, type LeadCopies } from "./lead-copies.ts";

export interface EraseLeadDeps {
  store: EventStore;
  redactor: StreamRedactor;
  /** Rebuilds every read model from the (now redacted) log, so no copy of the data survives in them. */
  rebuildReadModels: () => Promise<void>;
  /** Deletes the lead's copies outside the database: outbox files, uploaded files (decisions/039). */
  removeCopies: (copies: LeadCopies) => Promise<void>;
  /** Makes the database's old row versions (and on PGlite its WAL) go; run after the answer (decisions/039). */
  compact: () => Promise<void>;
  background: BackgroundJobs;
}

export interface EraseLeadCommand {
  leadId: string;
  confirmation: string;
  metadata: EventMetadata;
}

const ATTEMPTS = 3;

/** The lead as the erasure needs it: the name the confirmation must match, its version, its erasure record if any. */
function leadOf(events: readonly RecordedEvent[]) {
  let name: string | undefined;
  for (const e of events) {
    if (e.type === "LeadCreated") name = e.data.name;
    else if (e.type === "LeadDetailsChanged" && e.data.changes.name !== undefined) name = e.data.changes.name;
  }
  return { name, last: events.at(-1), erased: events.some((e) => e.type === "LeadErased") };
}

/** Checks the lead exists and the confirmation names it (or is ERASE); answers what leadOf found. */
async function check(store: EventStore, command: EraseLeadCommand) {
  const lead = leadOf(await store.readStream(leadStreamId(command.leadId)));
  if (lead.name === undefined || !lead.last) throw new NotFoundError("Lead");
  if (!confirmsErasure(command.confirmation, lead.name)) {
    throw new ValidationError([{ field: "confirmation", message: `Type the lead's name or ${ERASE_WORD} to confirm` }]);
  }
  return { ...lead, last: lead.last };
}

async function redactAll({ store, redactor }: EraseLeadDeps, leadId: string) {
  const streams = await redactor.findLeadStreams(leadStreamId(leadId), leadId);
  const events = await redactor.rewriteStreams(streams, redactEvent);
  // Other processes load these streams whole again by their rewrites count; this one forgets its old values at once.
  forgetStreams(store, streams);
  return { streams, events };
}

/** Redacts and appends LeadErased at the version it checked; a lead erased before appends nothing. */
async function record(deps: EraseLeadDeps, command: EraseLeadCommand) {
  for (let attempt = 1; ; attempt++) {
    const lead = await check(deps.store, command);
    const first = await redactAll(deps, command.leadId);
    if (lead.erased) return { version: lead.last.streamVersion, position: lead.last.position, events: first.events };
    try {
      const data = { leadId: command.leadId, streams: first.streams.length, events: first.events };
      const appended = await deps.store.append(leadStreamId(command.leadId), lead.last.streamVersion, [{ type: "LeadErased", data }], {
        commandId: command.metadata.commandId,
        metadata: command.metadata,
      });
      return { version: appended.nextVersion, position: appended.position, events: first.events };
    } catch (error) {
      // The lead changed between the check and the append: its new events are redacted on the next round.
      if (!(error instanceof StreamVersionConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Right to erasure (decisions/020, 039): rewrites every event of the lead and its related streams
 * with personal values replaced by markers, appends LeadErased (who and when, nothing personal) at
 * the version it checked, redacts once more for anything a related stream gained meanwhile, deletes
 * the lead's outbox and uploaded files, rebuilds the read models from the redacted log, and leaves
 * the database's compaction to a background job. Erasing an erased lead again appends nothing and
 * does all the rest again: it completes an erasure a crash cut short.
 */
export async function eraseLead(deps: EraseLeadDeps, command: EraseLeadCommand): Promise<EraseLeadResult> {
  const { leadId } = command;
  const recorded = await record(deps, command);
  const late = await redactAll(deps, leadId);
  await deps.removeCopies(await findLeadCopies(deps.store, leadId, late.streams));
  await deps.rebuildReadModels();
  deps.background.run(`erasure of lead ${leadId}`, () => afterAnswer(deps, leadId));
  return {
    id: leadId,
    version: recorded.version,
    position: recorded.position,
    streams: late.streams.length,
    events: recorded.events + late.events,
  };
}

/** After the answer: the copies once more (a reactor that read a request before the redaction may have written it since), then the compaction. */
async function afterAnswer(deps: EraseLeadDeps, leadId: string) {
  const streams = await deps.redactor.findLeadStreams(leadStreamId(leadId), leadId);
  await deps.removeCopies(await findLeadCopies(deps.store, leadId, streams));
  await deps.compact();
}
