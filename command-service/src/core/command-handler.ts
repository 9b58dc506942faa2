import { ConflictError, PreconditionFailedError, ValidationError } from "@crm/contracts/api/errors";
import type { DomainEvent, EventMetadata } from "@crm/contracts/events/registry";
import { StreamVersionConflictError, streamTypeOf, type EventStore } from "@crm/infra/event-store/event-store";
import { foldRecorded, type Decider, type EventEnvelope } from "./decider.ts";
import { emptyStream, streamStatesOf, type StreamState, type StreamStates } from "./stream-states.ts";

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

/** What deciding on one state came to. */
type Attempt<State> =
  | { appended: CommandOutcome<State> }
  | { unchanged: CommandOutcome<State> }
  | { refused: unknown }
  | { conflict: StreamVersionConflictError };

/**
 * Runs one command against one stream: load its state, decide, append at that state's version,
 * answer. Where the state comes from is the store's StreamStates (stream-states.ts): a state this
 * process kept, which only an append at its mark confirms, or the stream loaded. A concurrent
 * writer makes the append fail; then the command is decided again on fresh state, unless the
 * client named the version it saw. A command id seen before appends nothing.
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
  const states = streamStatesOf(store);
  // 1. Load. A new stream has no history: should it exist after all, its append conflicts and the retry loads it.
  let current = options.newStream ? emptyStream(decider) : await states.current(streamId, decider);
  for (let conflicts = 0; ;) {
    // 2. Decide, and 3. append what was decided at the state's mark.
    const attempt = await decideAndAppend(store, states, streamId, decider, command, options, current);
    // 4. Answer. What a kept state decided stands only once its append confirmed it; anything else is decided on a load.
    if ("appended" in attempt) return attempt.appended;
    if (!current.kept) {
      if ("unchanged" in attempt) return attempt.unchanged;
      if ("refused" in attempt) throw attempt.refused;
      // At the same version the stream's events were rewritten in place (erasure): not the client's stale version.
      const { actualVersion } = attempt.conflict;
      if (options.expectedVersion !== undefined && actualVersion !== current.mark.version) throw staleVersion(options, actualVersion);
      if (++conflicts >= MAX_ATTEMPTS) throw new ConflictError("The record is being changed by someone else; try again.");
      await backoff(conflicts);
    }
    current = await states.load(streamId, decider);
  }
}

/** Decides the command on `current` and appends the events at its mark; says what came of it. */
async function decideAndAppend<Command, State, E extends DomainEvent>(
  store: EventStore,
  states: StreamStates,
  streamId: string,
  decider: Decider<Command, State, E>,
  command: Command,
  options: CommandOptions,
  current: StreamState<State>,
): Promise<Attempt<State>> {
  const { version } = current.mark;
  if (options.expectedVersion !== undefined && options.expectedVersion !== version) return { refused: staleVersion(options, version) };
  let decided: E[];
  try {
    decided = decider.decide(command, current.state);
  } catch (error) {
    return { refused: error };
  }
  if (decided.length === 0) {
    const position = current.position ?? (await store.currentPosition());
    return { unchanged: { streamId, version, position, state: current.state, events: [] } };
  }
  try {
    return { appended: await appendDecided(store, states, streamId, decider, decided, options, current) };
  } catch (error) {
    if (error instanceof StreamVersionConflictError) return { conflict: error };
    throw error;
  }
}

/** Appends what was decided on `current`, at its mark; answers the state it leaves. */
async function appendDecided<Command, State, E extends DomainEvent>(
  store: EventStore,
  states: StreamStates,
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
  const state = states.appended(streamId, decider, current, envelopes, result);
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
