import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { AuditEventPage, type AuditEventFilters } from "@crm/contracts/audit/workbench";
import { apiGet } from "@/lib/api-client";
import { filterQuery } from "../utils/filters.ts";

/**
 * GET /api/audit/events for the filters, a page at a time, newest first: each page's `next` is the
 * chain number the following page starts before. Under ["audit", "events", filters]; no live topic
 * refreshes it, so a list an auditor is reading does not move under them.
 */
export function auditEventsQueryOptions(filters: AuditEventFilters) {
  return infiniteQueryOptions({
    queryKey: ["audit", "events", filters],
    queryFn: async ({ pageParam, signal }) => {
      const params = filterQuery(filters);
      if (pageParam !== undefined) params.set("before", String(pageParam));
      const query = params.toString();
      return (
        (await apiGet(query ? `/api/audit/events?${query}` : "/api/audit/events", AuditEventPage, signal)) ?? { events: [], next: null }
      );
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** The events matching the filters, with fetchNextPage for "Load more". */
export function useAuditEvents(filters: AuditEventFilters) {
  return useInfiniteQuery(auditEventsQueryOptions(filters));
}
