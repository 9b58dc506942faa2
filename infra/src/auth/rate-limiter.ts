/** The answer to one attempt: allowed, or how long to wait before the next one can be. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts an attempt for key; refused attempts are not counted. */
  hit(key: string): RateDecision;
}

const SWEEP_AT = 10_000;

/**
 * A sliding-window limiter in this process's memory: at most `limit` attempts per key within
 * `windowMs`. Enough for one process; several processes would each allow `limit` (see ADR 009).
 */
export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, at: number) => (attempts.get(key) ?? []).filter((t) => t > at - windowMs);

  function sweep(at: number) {
    for (const [key, times] of attempts) if (times.every((t) => t <= at - windowMs)) attempts.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      if (attempts.size >= SWEEP_AT) sweep(at);
      const times = recent(key, at);
      if (times.length >= limit) {
        attempts.set(key, times);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - at) / 1000)) };
      }
      times.push(at);
      attempts.set(key, times);
      return { allowed: true };
    },
  };
}
