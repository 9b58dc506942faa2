import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { InboxAnswer } from "@crm/contracts/inbound/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/inbox: key ["inbox"], refreshed by the "inbox" topic (docs/product.md, "Replies"). */
export const inboxQueryOptions = queryOptions({
  queryKey: ["inbox"],
  queryFn: async ({ signal }) => (await apiGet("/api/inbox", InboxAnswer, signal)) ?? [],
});

/** The messages that matched no lead, newest first. */
export function useInbox() {
  return useQuery(inboxQueryOptions);
}

/** How many messages wait in the inbox (the sidebar's count); undefined while unknown. */
export function useInboxCount(): number | undefined {
  return useQuery({ ...inboxQueryOptions, select: (messages) => messages.length }).data;
}

/** Starts the inbox's read while the screen's code loads. */
export const prefetchInbox = (queryClient: QueryClient) => void queryClient.prefetchQuery(inboxQueryOptions);
