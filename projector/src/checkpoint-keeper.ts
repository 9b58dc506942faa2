import type { AdvancedNotice } from "@crm/contracts/api/live";
import type { Queryable } from "@crm/infra/db/database";
import { advanceCheckpointsAndNotify, loadCheckpoints, type Checkpoint } from "./checkpoints.ts";

/** One projection's checkpoint move: from where this instance read it, at the version it writes. */
export interface CheckpointMove {
  name: string;
  version: number;
  from: string;
}

/** The checkpoints as one batch read them; `era` tells the keeper whether they are still its own when the batch ends. */
export interface CheckpointsRead {
  byName: Map<string, Checkpoint>;
  era: number;
}

/**
 * Reads and saves the projector's checkpoints (the table is in checkpoints.ts). With `remember`
 * (part of the fast path FAST_PIPELINED_PROJECTOR) it keeps them as it last saved them: only its
 * own compare-and-set moves them while it holds every lock, so it reads them again only after
 * something else may have moved them (a lock it did not get, a move that failed, an error, a pause
 * or a resume). Without, every batch reads them from the table.
 */
export interface CheckpointKeeper {
  read(): Promise<CheckpointsRead>;
  /** In the batch's transaction: moves every checkpoint to `to`, if still where it was read, and notifies; false if one had moved. */
  save(
    tx: Queryable,
    moves: readonly CheckpointMove[],
    to: string,
    channel: string,
    notice: Omit<AdvancedNotice, "passed">,
  ): Promise<boolean>;
  /** A batch is being applied: until it has committed, what is kept may be wrong. */
  unsure(): void;
  /** The batch committed and moved every checkpoint: keep them at `to`, unless forget() came meanwhile. */
  saved(read: CheckpointsRead, moves: readonly CheckpointMove[], to: string): void;
  /** Something else may move the checkpoints (a pause, a resume): read them again, and let no batch running meanwhile keep its own. */
  forget(): void;
}

export function createCheckpointKeeper(db: Queryable, { remember }: { remember: boolean }): CheckpointKeeper {
  let known: Map<string, Checkpoint> | undefined;
  /** Bumped by forget, so a batch that was running meanwhile does not keep its checkpoints. */
  let era = 0;
  return {
    async read() {
      const started = era;
      const byName = known ?? (await loadCheckpoints(db));
      if (remember && started === era) known = byName;
      return { byName, era: started };
    },
    save: (tx, moves, to, channel, notice) => advanceCheckpointsAndNotify(tx, moves, to, channel, notice),
    unsure() {
      known = undefined;
    },
    saved(read, moves, to) {
      if (!remember || read.era !== era) return;
      for (const m of moves) read.byName.set(m.name, { ...read.byName.get(m.name)!, position: to, lastError: null });
      known = read.byName;
    },
    forget() {
      known = undefined;
      era++;
    },
  };
}
