import type { EventStore } from "../event-store/event-store.ts";
import type { Ledger } from "./event-chain.ts";

export interface ChainFollowerOptions {
  ledger: Ledger;
  store: EventStore;
  log: (message: string, error?: unknown) => void;
  /** Sign the head once this many events were chained since the last checkpoint… */
  checkpointEvery: number;
  /** …or once this long passed with any event chained since. */
  checkpointAfterMs: number;
  /** Appends wake it; this catches what a lost notice would leave. */
  pollMs?: number;
  /** After a notice it waits this long, so a burst of appends is chained in one step. */
  gatherMs?: number;
  now?: () => Date;
}

export interface ChainFollower {
  /**
   * Resolves once every event stored when it was called is chained (for tests): events behind a
   * transaction still open become readable only when it ends, so it steps again until none is pending.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the log like the projector, after commit and in log order, and chains each event
 * (docs/decisions/057-the-auditors-ledger.md). Appends never wait for it: they only wake it. Another
 * process's follower holding the chain's lock makes this one's steps empty, so running one per
 * projector is safe.
 */
export async function startChainFollower(options: ChainFollowerOptions): Promise<ChainFollower> {
  const { ledger, store, log, checkpointEvery, checkpointAfterMs, pollMs = 5_000, gatherMs = 250, now = () => new Date() } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let sinceCheckpoint = 0;
  let lastCheckpointAt = (await ledger.latestCheckpoint())?.signedAt;

  async function step() {
    const chained = await ledger.catchUp();
    sinceCheckpoint += chained;
    const due =
      sinceCheckpoint >= checkpointEvery ||
      (sinceCheckpoint > 0 && (!lastCheckpointAt || now().getTime() - Date.parse(lastCheckpointAt) >= checkpointAfterMs));
    if (!due) return;
    const checkpoint = await ledger.checkpoint();
    if (checkpoint) lastCheckpointAt = checkpoint.signedAt;
    sinceCheckpoint = 0;
  }

  /** One step at a time; a wake-up during a step runs one more after it. */
  function run(): Promise<void> {
    if (stopped) return running;
    again = true;
    running = running.then(async () => {
      while (again && !stopped) {
        again = false;
        try {
          await step();
        } catch (error) {
          log("audit chain: a step failed; the next wake-up retries", error);
        }
      }
    });
    return running;
  }

  const wake = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, gatherMs);
  };
  const unsubscribe = await store.onAppend(wake);
  const poll = setInterval(() => void run(), pollMs);
  poll.unref();
  await run();

  return {
    async settle() {
      for (let tries = 0; tries < 200; tries++) {
        await run();
        if ((await ledger.pending()) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(timer);
      await unsubscribe();
      await running;
    },
  };
}
