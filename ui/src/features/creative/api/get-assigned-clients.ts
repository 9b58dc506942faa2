import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { CreativeClient } from "@crm/contracts/creative/clients";
import { apiGet } from "@/lib/api-client";

/** The answer of GET /api/creative/clients, as the route declares it (read-api creative.routes). */
const Clients = array(CreativeClient);

/**
 * GET /api/creative/clients: leads with a creative director — all of them for a Partner, only their
 * own for a Creative Director (the server filters, docs/product.md, "Roles"). Keyed under "leads" so a lead's live
 * notice (a director assigned, a lead archived) refreshes it.
 */
export const assignedClientsQueryOptions = queryOptions({
  queryKey: ["leads", "creative-clients"],
  queryFn: async ({ signal }) => (await apiGet("/api/creative/clients", Clients, signal)) ?? [],
});

/** The clients on the creative side. */
export function useAssignedClients() {
  return useQuery(assignedClientsQueryOptions);
}
