import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClientLinkRevokedResult } from "@crm/contracts/client-link/answers";
import { apiRequest } from "@/lib/api-client";
import { clientLinkPath, refreshClientLink } from "./get-client-link.ts";

/** DELETE /api/leads/{id}/client-link: the live link stops working. */
export function useRevokeClientLink(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", clientLinkPath(leadId), undefined, ClientLinkRevokedResult),
    onSuccess: () => void refreshClientLink(queryClient, leadId),
  });
}
