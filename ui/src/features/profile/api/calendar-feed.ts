import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarFeedIssued, CalendarFeedStatus, type CalendarFeedStatus as FeedStatus } from "@crm/contracts/meeting/calendar";
import { apiGet, apiRequest } from "@/lib/api-client";

/** GET /api/calendar/feed: whether one's own feed is on (its URL is never read back: only its hash is kept). */
export const calendarFeedQueryOptions = queryOptions({
  queryKey: ["calendar-feed"],
  queryFn: ({ signal }) => apiGet("/api/calendar/feed", CalendarFeedStatus, signal),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}

/** POST /api/calendar/feed: turns the feed on, or renews its URL (the earlier one stops working). */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/calendar/feed", undefined, CalendarFeedIssued),
    onSuccess: ({ createdAt }) => queryClient.setQueryData<FeedStatus>(calendarFeedQueryOptions.queryKey, { active: true, createdAt }),
  });
}

/** DELETE /api/calendar/feed: turns the feed off; its URL answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/calendar/feed"),
    onSuccess: () => queryClient.setQueryData<FeedStatus>(calendarFeedQueryOptions.queryKey, { active: false, createdAt: null }),
  });
}
