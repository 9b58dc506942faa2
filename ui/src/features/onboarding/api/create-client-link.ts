import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClientLinkCreated } from "@crm/contracts/client-link/answers";
import { apiRequest } from "@/lib/api-client";
import { clientLinkPath, refreshClientLink } from "./get-client-link.ts";

/** POST /api/leads/{id}/client-link: a new link, whose URL the answer carries this once. */
export function useCreateClientLink(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", clientLinkPath(leadId), { purpose: "questionnaire" }, ClientLinkCreated),
    onSuccess: () => void refreshClientLink(queryClient, leadId),
  });
}
