import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import type { CreateLeadBody } from "@crm/contracts/lead/commands";
import { Lead } from "@crm/contracts/lead/answers";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** What the route answers (command-service lead.routes, 201): the new lead with its version and log position. */
const CreatedLead = positioned(Lead);

/** POST /api/leads; on success the leads and stats refresh (docs/product.md, "Live updates"). */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeadBody) => apiRequest("POST", "/api/leads", body, CreatedLead),
    onSuccess: (lead) => invalidateLead(queryClient, lead.id),
  });
}
