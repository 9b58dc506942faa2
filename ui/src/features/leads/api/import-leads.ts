import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportLeadsBody } from "@crm/contracts/lead/import";
import { ImportResult } from "@crm/contracts/lead/answers";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** POST /api/leads/import: a dry run previews each row; the real run creates or updates the leads. */
export function useImportLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportLeadsBody) => apiRequest("POST", "/api/leads/import", body, ImportResult),
    onSuccess: (result) => {
      if (!result.dryRun) invalidateLead(queryClient);
    },
  });
}
