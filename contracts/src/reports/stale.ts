// Plain constants and functions, no zod: the board's flag in the browser and the read API's list share them.
import type { LeadStageName } from "../lead/stages.ts";

const DAY_MS = 86_400_000;

/** Whole days without activity, from the last activity to now. */
export const idleDays = (lastTouchAt: string, now: Date): number => Math.floor((now.getTime() - Date.parse(lastTouchAt)) / DAY_MS);

/**
 * Whether an open lead is stale: it has had no activity for longer than its stage allows
 * (docs/product.md, "Stale leads"). The one rule the board's flag, the Reports page's list and any
 * later reader (the digest, automation) apply. A stage without a limit is never stale.
 */
export function isStale(stage: LeadStageName, lastTouchAt: string, limits: Readonly<Record<LeadStageName, number | null>>, now: Date): boolean {
  const limit = limits[stage];
  return limit !== null && limit !== undefined && now.getTime() - Date.parse(lastTouchAt) > limit * DAY_MS;
}

/**
 * The latest last-activity instant at which a lead in each stage is stale at `now` (null: never),
 * so a query can find them with an index rather than testing every row: stale is last_touch_at < cutoff.
 */
export function staleCutoffs(limits: Readonly<Record<LeadStageName, number | null>>, now: Date): Record<LeadStageName, string | null> {
  return Object.fromEntries(
    Object.entries(limits).map(([stage, limit]) => [stage, limit === null ? null : new Date(now.getTime() - limit * DAY_MS).toISOString()]),
  ) as Record<LeadStageName, string | null>;
}
