import { QueryClient } from "@tanstack/react-query";

/** SPEC.md §7 defaults: results never go stale, no retries, no refetch on focus or interval. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
