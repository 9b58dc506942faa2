import { queryOptions, useQuery, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { BOARD_MAX_PAGE, BOARD_PAGE } from "@crm/contracts/lead/board";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { LeadBoard } from "@crm/contracts/lead/answers";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { apiGet } from "@/lib/api-client";
import { shareBoard } from "../utils/share-leads.ts";
import { filterParams, normalizeFilter, type LeadsFilter } from "./get-leads.ts";

/** How many leads each column asked for beyond the first page; a column not named holds BOARD_PAGE. */
export type ColumnLimits = Partial<Record<LeadStage, number>>;

/** GET /api/leads/board for the filter and column sizes: null when signed out. */
function fetchBoard(filter: LeadsFilter, limits: ColumnLimits, signal: AbortSignal): Promise<LeadBoard | null> {
  const params = filterParams(filter);
  if (Object.keys(limits).length > 0) params.set("limits", LEAD_STAGES.map((stage) => limits[stage] ?? BOARD_PAGE).join(","));
  const query = params.toString();
  return apiGet(query ? `/api/leads/board?${query}` : "/api/leads/board", LeadBoard, signal);
}

/** GET /api/leads/board: key ["leads", "board", filter, limits], so the "leads" topic and a move reach it. */
export function boardQueryOptions(filter: LeadsFilter = {}, limits: ColumnLimits = {}) {
  const normalized = normalizeFilter(filter);
  return queryOptions({
    queryKey: ["leads", "board", normalized, limits] as QueryKey,
    queryFn: async ({ signal }) => (await fetchBoard(normalized, limits, signal)) ?? { columns: [] },
    structuralSharing: shareBoard,
  });
}

/**
 * Starts reading the unfiltered board as soon as /leads is navigated to (its route's loader), so
 * the request runs while the session is checked and the screen's code loads, not after. An answer
 * for nobody (signed out) is not kept: the screen asks again when it mounts.
 */
export function prefetchBoard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    ...boardQueryOptions(),
    queryFn: async ({ signal }) => (await fetchBoard({}, {}, signal)) ?? Promise.reject(new Error("Not signed in")),
  });
}

/**
 * The board for the filter, each column holding its first page; `loadMore(stage, loaded)` asks for
 * two more pages of a column scrolled near its end (once: a request already under way is not
 * repeated), up to BOARD_MAX_PAGE leads a column. While the bigger board loads, the smaller one
 * stays on screen; a new filter starts every column at one page again.
 */
export function useBoard(filter: LeadsFilter) {
  const normalized = normalizeFilter(filter);
  const filterKey = JSON.stringify(normalized);
  const [pages, setPages] = useState<{ filterKey: string; limits: ColumnLimits }>({ filterKey, limits: {} });
  const limits = pages.filterKey === filterKey ? pages.limits : {};
  const board = useQuery({
    ...boardQueryOptions(normalized, limits),
    // A bigger page of the same filter keeps the board on screen; another filter shows the skeleton.
    placeholderData: (previous, previousQuery) => (JSON.stringify(previousQuery?.queryKey[2]) === filterKey ? previous : undefined),
  });
  const loadMore = useCallback(
    (stage: LeadStage, loaded: number) =>
      setPages((current) => {
        const asked = current.filterKey === filterKey ? current.limits : {};
        const wanted = Math.min(BOARD_MAX_PAGE, loaded + 2 * BOARD_PAGE);
        if ((asked[stage] ?? BOARD_PAGE) >= wanted - BOARD_PAGE) return current;
        return { filterKey, limits: { ...asked, [stage]: wanted } };
      }),
    [filterKey],
  );
  return { board, loadMore };
}
