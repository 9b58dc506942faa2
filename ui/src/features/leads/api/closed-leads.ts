import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { positioned } from "@crm/contracts/api/command-result";
import { Lead } from "@crm/contracts/lead/answers";
import type { LoseLeadBody } from "@crm/contracts/lead/commands";
import { apiGet, apiRequest } from "@/lib/api-client";
import { useStaff } from "./get-staff.ts";
import { invalidateLead } from "./lead-mutations.ts";

/** The two lists of closed leads beside the pipeline (docs/product.md, "Leads and the pipeline"). */
export type ClosedView = "lost" | "archived";

const Leads = z.array(Lead);
/** What lose, reopen and restore answer: the lead as the command left it. */
const PositionedLead = positioned(Lead);

/**
 * GET /api/leads/lost or /api/leads/archived[?search=]: key ["leads", "closed", view, search], so every
 * lead change (which invalidates ["leads"]) and the "leads" live topic refresh it.
 */
export function closedLeadsQueryOptions(view: ClosedView, search = "") {
  const query = search ? `?${new URLSearchParams({ search }).toString()}` : "";
  return queryOptions({
    queryKey: ["leads", "closed", view, search],
    queryFn: async ({ signal }) => (await apiGet(`/api/leads/${view}${query}`, Leads, signal)) ?? [],
  });
}

/** The closed leads of a view matching the search; the previous answer stays on screen while a new search loads. */
export function useClosedLeads(view: ClosedView, search: string) {
  return useQuery({ ...closedLeadsQueryOptions(view, search), placeholderData: keepPreviousData });
}

/** The staff's names by id (GET /api/users, shared with the board's owner filter): the owner column of the closed lists. */
export function useUserNames(): ReadonlyMap<string, string> {
  const users = useStaff();
  const names = new Map<string, string>();
  for (const user of users.data ?? []) names.set(user.id, user.displayName);
  return names;
}

const leadUrl = (id: string, action: string) => `/api/leads/${encodeURIComponent(id)}/${action}`;

/** A lead's closing or reopening changes the board, both closed lists, the lead and its timeline. */
function useLeadCommand<V extends { id: string }>(send: (vars: V) => Promise<Lead>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_lead, { id }) => invalidateLead(queryClient, id),
  });
}

/** POST /api/leads/{id}/lose (staff): a reason from the agency's list and an optional note. */
export function useLoseLead() {
  return useLeadCommand(({ id, ...body }: LoseLeadBody & { id: string }) => apiRequest("POST", leadUrl(id, "lose"), body, PositionedLead));
}

/** POST /api/leads/{id}/reopen (staff): back on the board in the stage it left. */
export function useReopenLead() {
  return useLeadCommand(({ id, expectedVersion }: { id: string; expectedVersion?: number }) =>
    apiRequest("POST", leadUrl(id, "reopen"), expectedVersion === undefined ? {} : { expectedVersion }, PositionedLead),
  );
}

/** POST /api/leads/{id}/restore (Partner): back where it was before the archive (open, or lost). */
export function useRestoreLead() {
  return useLeadCommand(({ id, expectedVersion }: { id: string; expectedVersion?: number }) =>
    apiRequest("POST", leadUrl(id, "restore"), expectedVersion === undefined ? {} : { expectedVersion }, PositionedLead),
  );
}
