import { queryOptions, useQuery } from "@tanstack/react-query";
import { AuditVerification } from "@crm/contracts/audit/verify";
import { apiGet } from "@/lib/api-client";

/**
 * GET /api/audit/verify: the whole chain recomputed against the log. The server reads every event for
 * it, so it is asked once per visit (and on "Verify again"), not on every focus.
 */
export const verificationQueryOptions = queryOptions({
  queryKey: ["audit", "verify"],
  queryFn: ({ signal }) => apiGet("/api/audit/verify", AuditVerification, signal),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: false,
});

export function useVerification() {
  return useQuery(verificationQueryOptions);
}
