import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { Database } from "@crm/infra/db/database";

export interface CheckpointWatcher {
  /** The position every read model has passed. */
  current(): Promise<string>;
  /** Resolves true once every read model has passed position, false after timeoutMs. */
  waitFor(position: string, timeoutMs: number): Promise<boolean>;
  onAdvance(listener: (notice: AdvancedNotice) => void): () => void;
  close(): Promise<void>;
}

/** Follows the projector's progress through NOTIFY, with a short poll as a fallback. */
export async function createCheckpointWatcher(db: Database): Promise<CheckpointWatcher> {
  const listeners = new Set<(notice: AdvancedNotice) => void>();
  const waiters = new Set<() => void>();
  let notices = 0;
  const unlisten = await db.listen(PROJECTIONS_CHANNEL, (payload) => {
    notices++;
    for (const waiter of waiters) waiter();
    let notice: AdvancedNotice;
    try {
      notice = JSON.parse(payload) as AdvancedNotice;
    } catch {
      return;
    }
    for (const listener of listeners) listener(notice);
  });

  async function query(): Promise<string> {
    const { rows } = await db.query<{ position: string | null }>("SELECT min(position) AS position FROM projection_checkpoints");
    return rows[0]?.position ?? "";
  }

  // Every waiter asks again on each notice: callers share one query that started after the
  // latest notice, so hundreds of waiting reads cost one query per notice, not one each.
  let shared: { notices: number; position: Promise<string> } | undefined;
  function current(): Promise<string> {
    if (shared?.notices === notices) return shared.position;
    const mine = { notices, position: query() };
    shared = mine;
    const clear = () => {
      if (shared === mine) shared = undefined;
    };
    mine.position.then(clear, clear);
    return mine.position;
  }

  return {
    current,
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await current()) >= position) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, 250));
          waiters.add(done);
        });
      }
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unlisten,
  };
}
