export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** Delay before the second attempt; it doubles after each failure. */
  baseDelayMs: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type Attempted<T> = { ok: true; value: T; attempts: number } | { ok: false; error: unknown; attempts: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries a transient failure with exponential backoff; a permanent one, or the last attempt, ends it. */
export async function withRetry<T>(run: () => Promise<T>, policy: RetryPolicy, isPermanent: (error: unknown) => boolean): Promise<Attempted<T>> {
  const sleep = policy.sleep ?? defaultSleep;
  let delay = policy.baseDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await run(), attempts: attempt };
    } catch (error) {
      if (attempt >= policy.maxAttempts || isPermanent(error)) return { ok: false, error, attempts: attempt };
      await sleep(delay);
      delay = Math.min(delay * 2, policy.maxDelayMs ?? 5 * 60_000);
    }
  }
}

/** A short, single-line reason for a failure, fit for the timeline (no stack). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300) || "Unknown error";
}
