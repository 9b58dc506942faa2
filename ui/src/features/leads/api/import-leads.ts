import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportLeadsBody, ImportResult } from "@crm/contracts/lead/import";
import { apiRequest } from "@/lib/api-client";
import { invalidateLead } from "./lead-mutations.ts";

/** POST /api/leads/import: a dry run previews each row; the real run creates or updates the leads. */
export function useImportLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportLeadsBody) => apiRequest<ImportResult>("POST", "/api/leads/import", body),
    onSuccess: (result) => {
      if (!result.dryRun) invalidateLead(queryClient);
    },
  });
}
