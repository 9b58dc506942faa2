import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { PastBoard } from "@crm/contracts/reports/reports";
import { apiGet } from "@/lib/api-client";

/** GET /api/leads/board/past's query (contracts/src/reports/queries.ts, PastBoardQuery). */
export interface PastBoardParams {
  day: string;
  since?: string;
  /** A colleague's id: the board's owner filter, "mine" resolved to the signed-in person. */
  owner?: string;
  priority?: LeadPriority;
}

function pastBoardUrl({ day, since, owner, priority }: PastBoardParams): string {
  const params = new URLSearchParams({ day });
  if (since) params.set("since", since);
  if (owner) params.set("owner", owner);
  if (priority) params.set("priority", priority);
  return `/api/leads/board/past?${params.toString()}`;
}

/**
 * The board at the end of a past day: key ["reports", "past-board", params], so the "reports" topic
 * refreshes it (the day shown does not change, but a "since" of today does as leads move).
 */
export function pastBoardQueryOptions(params: PastBoardParams) {
  const normalized: PastBoardParams = { day: params.day };
  if (params.since) normalized.since = params.since;
  if (params.owner) normalized.owner = params.owner;
  if (params.priority) normalized.priority = params.priority;
  return queryOptions({
    queryKey: ["reports", "past-board", normalized],
    queryFn: ({ signal }) => apiGet(pastBoardUrl(normalized), PastBoard, signal),
  });
}

/** The past board; while another day or filter loads, the one on screen stays (the banner says which). */
export function usePastBoard(params: PastBoardParams | null) {
  return useQuery({
    ...pastBoardQueryOptions(params ?? { day: "" }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
