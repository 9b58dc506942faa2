import { ConflictError, PreconditionFailedError, ValidationError } from "@crm/contracts/api/errors";
import type { DomainEvent, EventMetadata } from "@crm/contracts/events/registry";
import { StreamVersionConflictError, streamTypeOf, type EventStore } from "@crm/infra/event-store/event-store";
import { foldRecorded, type Decider, type EventEnvelope } from "./decider.ts";
import { emptyStream, keepAppended, keptState, loadState, type StreamState } from "./stream-states.ts";

export interface CommandOptions {
  metadata: EventMetadata;
  /** The version the client saw: a mismatch is a conflict instead of a silent retry. */
  expectedVersion?: number;
  /** How the client stated that version: If-Match answers 412, a body field 409. */
  expectedVersionFrom?: "if-match" | "body";
  /** The command id was made for this request (no Idempotency-Key): no earlier command can have used it. */
  newCommandId?: boolean;
  /** The stream id was made for this command (a new lead's id): there is no history to load. */
  newStream?: boolean;
}

export interface CommandOutcome<State> {
  streamId: string;
  version: number;
  position: string;
  state: State;
  /** The events this command appended (empty for a no-op or a repeated command id). */
  events: EventEnvelope[];
}

const MAX_ATTEMPTS = 10;

/**
 * Writers that lost a race would otherwise reload and collide again in lockstep (appends commit in
 * groups): wait a random, growing moment before deciding again.
 */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/**
 * Runs one command against one stream: decide on its state, append with that state's version.
 * The state is the one this process's last command on the stream left, when it kept one; the
 * append confirms it was current. Otherwise, and whenever the append does not confirm a kept
 * state, the command loads the stream (the kept state and the events since, stream-states.ts).
 * A concurrent writer makes the append fail; then the command is decided again on fresh state,
 * unless the client named the version it saw. A command id seen before appends nothing.
 */
export async function handleCommand<Command, State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, E>,
  command: Command,
  options: CommandOptions,
): Promise<CommandOutcome<State>> {
  const seen = options.newCommandId ? undefined : await store.findCommand(options.metadata.commandId);
  if (seen) return replay(store, decider, seen, streamId, options);
  const kept = options.newStream ? undefined : keptState(store, streamId, decider);
  const onKept = kept && (await decideOnKept(store, streamId, decider, command, options, kept));
  if (onKept) return onKept;

  for (let attempt = 1; ; attempt++) {
    // A new stream appends with expected version 0: should it exist after all, that is a conflict and the retry loads it.
    const current = options.newStream && attempt === 1 ? emptyStream(decider) : await loadState(store, streamId, decider);
    const { version } = current.mark;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) throw staleVersion(options, version);
    const decided = decider.decide(command, current.state);
    if (decided.length === 0) {
      return { streamId, version, position: current.position ?? (await store.currentPosition()), state: current.state, events: [] };
    }
    try {
      return await appendDecided(store, streamId, decider, decided, options, current);
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError)) throw error;
      // At the same version the stream's events were rewritten in place (erasure): not the client's stale version.
      if (options.expectedVersion !== undefined && error.actualVersion !== version) throw staleVersion(options, error.actualVersion);
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError("The record is being changed by someone else; try again.");
      await backoff(attempt);
    }
  }
}

/**
 * Decides on the state this process kept, without loading the stream: an append at its mark
 * proves it was current. Whatever the append would not confirm (a rejection, a command that
 * changes nothing, a client's version that differs, a refused append) is left to a load:
 * undefined.
 */
async function decideOnKept<Command, State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, E>,
  command: Command,
  options: CommandOptions,
  kept: StreamState<State>,
): Promise<CommandOutcome<State> | undefined> {
  if (options.expectedVersion !== undefined && options.expectedVersion !== kept.mark.version) return undefined;
  let decided: E[];
  try {
    decided = decider.decide(command, kept.state);
  } catch {
    return undefined;
  }
  if (decided.length === 0) return undefined;
  try {
    return await appendDecided(store, streamId, decider, decided, options, kept);
  } catch (error) {
    if (error instanceof StreamVersionConflictError) return undefined;
    throw error;
  }
}

/** Appends what was decided on `current`, at its mark; keeps and answers the state it leaves. */
async function appendDecided<Command, State, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, E>,
  decided: E[],
  options: CommandOptions,
  current: StreamState<State>,
): Promise<CommandOutcome<State>> {
  const { commandId } = options.metadata;
  const result = await store.append(streamId, current.mark.version, decided, {
    commandId,
    metadata: options.metadata,
    expectedRewrites: current.mark.rewrites,
  });
  if (result.duplicate) return replayDuplicate(store, decider, streamId, options);
  const envelopes = decided.map((e) => ({ ...e, metadata: options.metadata }) as EventEnvelope<E>);
  const state = keepAppended(store, streamId, decider, current, envelopes, result);
  return { streamId, version: result.nextVersion, position: result.position, state, events: envelopes as EventEnvelope[] };
}

function staleVersion(options: CommandOptions, actual: number) {
  const detail = `The record has changed since you loaded it (version ${actual}, you had ${options.expectedVersion}). Reload and try again.`;
  return options.expectedVersionFrom === "if-match" ? new PreconditionFailedError(detail) : new ConflictError(detail);
}

/** A concurrent request with the same command id won the race; its stream may differ from ours (a new id per POST). */
async function replayDuplicate<Command, State, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<Command, State, E>,
  streamId: string,
  options: CommandOptions,
) {
  const first = await store.findCommand(options.metadata.commandId);
  if (!first) throw new ConflictError("This request is already being processed; try again.");
  return replay(store, decider, first, streamId, options);
}

/**
 * The first answer to a repeated command id, as it was. Only the same request may have it: a key
 * reused by someone else, or for another kind of record or another record, is refused rather than
 * answered with what the first request did.
 */
async function replay<Command, State, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<Command, State, E>,
  first: { streamId: string; nextVersion: number; position: string },
  streamId: string,
  options: CommandOptions,
): Promise<CommandOutcome<State>> {
  const recorded = await store.readStream(first.streamId);
  const upTo = recorded.filter((e) => e.streamVersion <= first.nextVersion);
  const itsEvents = upTo.filter((e) => e.metadata.commandId === options.metadata.commandId);
  // A create makes a new id per request: its retry names a record of the same kind that does not exist.
  const retriedCreate = async () =>
    itsEvents[0]?.streamVersion === 1 &&
    streamTypeOf(first.streamId) === streamTypeOf(streamId) &&
    (options.newStream || (await store.readStream(streamId)).length === 0);
  const sameRecord = first.streamId === streamId || (await retriedCreate());
  if (!sameRecord || itsEvents.at(-1)?.metadata.actor !== options.metadata.actor) {
    throw new ValidationError([{ field: "Idempotency-Key", message: "Already used for another request; use a new key" }]);
  }
  return { streamId: first.streamId, version: first.nextVersion, position: first.position, state: foldRecorded(decider, upTo), events: [] };
}
