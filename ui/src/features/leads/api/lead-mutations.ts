import type { QueryClient } from "@tanstack/react-query";
import { LEAD_ERASED_TITLE } from "@crm/contracts/erasure/lead-erased";
import { HttpError, errorMessage } from "@/lib/api-client";

/** Refreshes what a change to one lead affects: the board lists, the lead, its timeline, the stats. */
export function invalidateLead(queryClient: QueryClient, leadId?: string): void {
  void queryClient.invalidateQueries({ queryKey: ["leads"] });
  void queryClient.invalidateQueries({ queryKey: ["stats"] });
  if (leadId) {
    void queryClient.invalidateQueries({ queryKey: ["lead", leadId] });
    void queryClient.invalidateQueries({ queryKey: ["activities", leadId] });
  }
}

/**
 * A 409/412 means the lead changed under the person's feet: they should reload, not retry blindly.
 * An erased lead's 409 is no such conflict: reloading changes nothing, and its detail says why.
 */
export function isConflict(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 409 || error.status === 412) && error.title !== LEAD_ERASED_TITLE;
}

export const CONFLICT_TEXT = "Someone else changed this lead meanwhile. Reload to see the latest version, then try again.";

/** The toast text of a failed lead change: the conflict advice, the erasure's reason, or the fixed text. */
export function failureText(error: unknown, fallback: string): string {
  if (isConflict(error)) return CONFLICT_TEXT;
  if (error instanceof HttpError && error.title === LEAD_ERASED_TITLE) return error.detail ?? fallback;
  return fallback;
}

export { errorMessage };
