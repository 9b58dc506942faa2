import { queryOptions, useQuery } from "@tanstack/react-query";
import { CalendarConfig } from "@crm/contracts/meeting/calendar";
import type { ConferenceProvider } from "@crm/contracts/meeting/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/calendar/config: which provider makes a new meeting's video link (the server's configuration; it does not change while running). */
export const calendarConfigQueryOptions = queryOptions({
  queryKey: ["calendar-config"],
  queryFn: ({ signal }) => apiGet("/api/calendar/config", CalendarConfig, signal),
  staleTime: Infinity,
});

/** "jitsi" or "google"; undefined while it loads (the dialog then names no provider). */
export function useVideoProvider(): ConferenceProvider | undefined {
  return useQuery({ ...calendarConfigQueryOptions, select: (config) => config?.videoProvider }).data ?? undefined;
}

/** The video call as the dialog names it (docs/product.md, "Meetings, mail and SMS"). */
export const videoLabel = (provider: ConferenceProvider | undefined) =>
  provider === "google" ? "Google Meet" : provider === "jitsi" ? "Jitsi video call" : "Video call";
