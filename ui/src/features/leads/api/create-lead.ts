import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** POST /api/leads; on success the leads and stats refresh (docs/product.md, "Live updates"). */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLeadBody) => apiRequest<Lead>("POST", "/api/leads", body),
    onSuccess: (lead) => invalidateLead(queryClient, lead.id),
  });
}
