import { PROJECTIONS_CHANNEL, type AdvancedNotice } from "@crm/contracts/api/live";
import type { Database } from "@crm/infra/db/database";

export interface CheckpointWatcher {
  /** The position every read model has passed. */
  current(): Promise<string>;
  /**
   * The version of a read model's tables now serving, as of the latest query of the checkpoints
   * (a rebuild's swap announces itself, so the next query follows it); undefined before its first build.
   */
  servingVersion(name: string): number | undefined;
  /**
   * A count that moves whenever the watcher learns anything of the checkpoints: a notice, a query
   * of them, a lost notices connection. While it stands still, nothing it could have told has
   * changed; a reader that waited for a position (waitFor) sees it move first.
   */
  epoch(): number;
  /** Resolves true once every read model has passed position, false after timeoutMs. */
  waitFor(position: string, timeoutMs: number): Promise<boolean>;
  onAdvance(listener: (notice: AdvancedNotice) => void): () => void;
  close(): Promise<void>;
}

/**
 * Follows the projector's progress. Each notice says where every read model now is (`passed`),
 * so a read waiting for its own write is answered by the notice, without a query; a query runs
 * only at start, when a notice does not say (a rebuild's swap), and every pollMs without notices
 * (one may be lost). Losing the notices' connection forgets what they said.
 */
// eslint-disable-next-line max-lines-per-function -- the closure is the watcher: notices, polling and waiters share what each read model has passed
export async function createCheckpointWatcher(db: Database, { pollMs = 250 }: { pollMs?: number } = {}): Promise<CheckpointWatcher> {
  const listeners = new Set<(notice: AdvancedNotice) => void>();
  const waiters = new Set<() => void>();
  /** The newest position every read model is known to have passed. */
  let passed = "";
  /** Each read model's serving version, as the latest query of the checkpoints found it. */
  let versions = new Map<string, number>();
  let notices = 0;
  let epoch = 0;
  // Callers share one query that started after the latest notice, so hundreds of waiting reads
  // cost one query, not one each.
  let shared: { notices: number; position: Promise<string> } | undefined;
  const learn = (position: string | undefined) => {
    if (position !== undefined && position > passed) passed = position;
  };
  /**
   * The projector commits asynchronously (its read models are rebuilt from the log), so a server
   * crash can take back a move a notice announced. The notices' connection is lost in a crash:
   * from then on only the checkpoints, as queried, count.
   */
  let lost = 0;
  const forget = () => {
    epoch++;
    lost++;
    passed = "";
    shared = undefined;
  };
  const unlisten = await db.listen(
    PROJECTIONS_CHANNEL,
    (payload) => {
      notices++;
      epoch++;
      let notice: AdvancedNotice | undefined;
      try {
        notice = JSON.parse(payload) as AdvancedNotice;
      } catch {
        notice = undefined;
      }
      const tell = () => {
        for (const waiter of waiters) waiter();
        if (notice) for (const listener of listeners) listener(notice);
      };
      if (notice?.passed) {
        learn(notice.passed);
        tell();
      } else {
        // A swap (or an older projector's notice): ask where the checkpoints and versions are
        // first, so that a browser refreshing on this notice meets the new tables.
        void current().then(tell, tell);
      }
    },
    forget,
  );

  async function query(): Promise<string> {
    const asked = lost;
    const { rows } = await db.query<{ name: string; version: number; least: string }>(
      "SELECT name, version, min(position) OVER () AS least FROM projection_checkpoints",
    );
    const position = rows[0]?.least ?? "";
    versions = new Map(rows.map((r) => [r.name, r.version]));
    epoch++;
    const before = passed;
    if (asked === lost) learn(position);
    if (passed > before) for (const waiter of waiters) waiter();
    return position;
  }

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

  await current();

  return {
    current,
    epoch: () => epoch,
    servingVersion: (name) => versions.get(name),
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (passed >= position) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const woken = await new Promise<boolean>((resolve) => {
          const done = (byNotice: boolean) => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve(byNotice);
          };
          const wake = () => done(true);
          const timer = setTimeout(() => done(false), Math.min(left, pollMs));
          waiters.add(wake);
        });
        if (!woken) await current();
      }
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unlisten,
  };
}
