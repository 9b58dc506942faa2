import type { QueryClient } from "@tanstack/react-query";
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

/** A 409/412 means the lead changed under the person's feet: they should reload, not retry blindly. */
export function isConflict(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 409 || error.status === 412);
}

export const CONFLICT_TEXT = "Someone else changed this lead meanwhile. Reload to see the latest version, then try again.";

/** The toast text of a failed lead change: the conflict advice, the SPEC's fixed text, or the server's. */
export function failureText(error: unknown, fallback: string): string {
  if (isConflict(error)) return CONFLICT_TEXT;
  return fallback;
}

export { errorMessage };
