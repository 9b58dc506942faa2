import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Database, Queryable } from "@crm/infra/db/database";
import type { CheckpointKeeper, CheckpointMove, CheckpointsRead } from "./checkpoint-keeper.ts";
import { tryLockProjections } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

/** A batch of the log and the projections it is for, each with its checkpoint in `checkpoints`. */
export interface Batch {
  events: readonly RecordedEvent[];
  /** The least checkpoint of `projections`: the batch was read after it. */
  from: string;
  projections: readonly Projection[];
  checkpoints: CheckpointsRead;
}

/** The projections a batch was applied to (those whose lock this instance got) and their checkpoint moves. */
export interface Applied {
  moves: CheckpointMove[];
  /** Every projection that had events in the batch was locked, applied and moved. */
  all: boolean;
}

/** Another instance or a rebuild moved a checkpoint while the batch was applied: nothing of it was kept. */
export class CheckpointMoved extends Error {}

/** One projection's lock was got: the events of the batch after its own checkpoint. */
interface Lot {
  projection: Projection;
  pending: readonly RecordedEvent[];
}

/** A plan for one batch: what each projection has pending, and the notice of the move. */
function planOf(batch: Batch) {
  const { events, from } = batch;
  const to = events.at(-1)!.position;
  const pendingOf = (p: Projection) => {
    const at = batch.checkpoints.byName.get(p.name)!.position;
    return at === from ? events : events.filter((e) => e.position > at);
  };
  const candidates = batch.projections.filter((p) => pendingOf(p).length > 0);
  const movesOf = (lots: readonly Lot[]) =>
    lots.map(({ projection: p }) => ({ name: p.name, version: p.version, from: batch.checkpoints.byName.get(p.name)!.position }));
  const noticeOf = (lots: readonly Lot[]) =>
    noticeWithin({ position: to, topics: [...new Set(lots.flatMap(({ projection, pending }) => projection.topics(pending)))] });
  return { to, candidates, pendingOf, movesOf, noticeOf };
}

/**
 * Applies one batch to the projections in one transaction: takes each one's advisory lock, applies
 * the events after its checkpoint, and moves the checkpoints with a compare-and-set (the keeper's
 * save) plus the NOTIFY. An event therefore takes effect exactly once, also after a crash.
 *
 * `pipelined` (part of the fast path FAST_PIPELINED_PROJECTOR, decisions/029) sends the locks, the
 * handlers' statements and the checkpoint move together, and commits without waiting for the disk.
 * Off, each step waits for the one before: lock, apply each projection in turn, save the checkpoints.
 */
export function createBatchApplier(db: Database, checkpoints: CheckpointKeeper, { pipelined }: { pipelined: boolean }) {
  return async function applyBatch(batch: Batch): Promise<Applied> {
    const plan = planOf(batch);
    return db.transaction(async (tx) => {
      const locked = pipelined
        ? // Read models are the log's derivatives: a crash may take back the last batches (with their
          // checkpoint moves, so they are applied again), and the commit need not wait for the disk.
          // The read API's wait counts only checkpoints it queried after such a crash.
          (await Promise.all([tx.exec("SET LOCAL synchronous_commit = off"), lockAll(tx, plan.candidates)]))[1]
        : await lockAll(tx, plan.candidates);
      const lots = plan.candidates.filter((p) => locked.has(p.name)).map((p) => ({ projection: p, pending: plan.pendingOf(p) }));
      const moves = plan.movesOf(lots);
      const save = () => checkpoints.save(tx, moves, plan.to, PROJECTIONS_CHANNEL, plan.noticeOf(lots));
      const moved = pipelined ? await applyTogether(tx, lots, save) : await applyInTurn(tx, lots, save);
      if (!moved) throw new CheckpointMoved(moves.map((m) => m.name).join(", "));
      return { moves, all: lots.length === plan.candidates.length };
    });
  };
}

const lockAll = (tx: Queryable, projections: readonly Projection[]) =>
  tryLockProjections(
    tx,
    projections.map((p) => p.name),
  );

/**
 * The checkpoint move goes first, with the handlers' first statements, and all leave together: a
 * small live batch costs a few round trips, not one per statement. The NOTIFY waits for the commit.
 */
async function applyTogether(tx: Queryable, lots: readonly Lot[], save: () => Promise<boolean>): Promise<boolean> {
  const [move, ...applied] = await Promise.allSettled([save(), ...lots.map(({ projection, pending }) => projection.apply(tx, pending))]);
  const failures = [move, ...applied].flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((e) => !abortedEarlier(e)) ?? failures[0];
  return (move as PromiseFulfilledResult<boolean>).value;
}

/** Each projection's handler after the one before, then the checkpoint move. */
async function applyInTurn(tx: Queryable, lots: readonly Lot[], save: () => Promise<boolean>): Promise<boolean> {
  for (const { projection, pending } of lots) await projection.apply(tx, pending);
  return save();
}

/** A statement refused because an earlier one failed the transaction: that one's error says what went wrong. */
const abortedEarlier = (error: unknown) => (error as { code?: unknown } | undefined)?.code === "25P02";

/** NOTIFY payloads are limited to 8000 bytes: past that, send only the coarse topics. */
function noticeWithin(notice: AdvancedNotice): AdvancedNotice {
  if (JSON.stringify(notice).length < 7_000) return notice;
  return { position: notice.position, topics: notice.topics.filter((t) => !t.includes(":")) };
}
