import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ReassignLeadsResult } from "@crm/contracts/lead/answers";
import type { ReassignLeadsBody } from "@crm/contracts/lead/commands";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** POST /api/leads/reassign: several leads to one owner in one action. */
export function useReassignLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReassignLeadsBody) => apiRequest("POST", "/api/leads/reassign", body, ReassignLeadsResult),
    onSuccess: (_answer, { leadIds }) => {
      invalidateLead(queryClient);
      for (const id of leadIds) void queryClient.invalidateQueries({ queryKey: ["lead", id] });
    },
  });
}

/** The toast's words for a bulk reassignment: "3 leads reassigned to Ada; 1 unchanged or closed." */
export function reassignSummary(answer: ReassignLeadsResult, ownerName: string): string {
  const moved = answer.results.filter((r) => r.status === "reassigned").length;
  const rest = answer.results.length - moved;
  const lead = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;
  const head = `${lead(moved)} reassigned to ${ownerName}`;
  return rest === 0 ? `${head}.` : `${head}; ${rest} unchanged or closed.`;
}
