import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiGet, HttpError } from "@/lib/api-client";

/**
 * Leads with a creative director (all of them for a Partner; only their own for a Creative Director,
 * SPEC.md §6). The server may refuse a role the leads list outright: that reads as "no clients yet".
 */
export function assignedClientsQueryOptions(directorId: string | null) {
  return queryOptions({
    queryKey: ["leads", {}],
    queryFn: async ({ signal }) => {
      try {
        return (await apiGet<Lead[]>("/api/leads", signal)) ?? [];
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) return [];
        throw error;
      }
    },
    select: (leads: Lead[]) =>
      leads.filter((lead) => (directorId ? lead.creativeDirectorId === directorId : lead.creativeDirectorId !== null)),
  });
}

/** The clients on the creative side. */
export function useAssignedClients(directorId: string | null) {
  return useQuery(assignedClientsQueryOptions(directorId));
}
