import { useMutation } from "@tanstack/react-query";
import { SubmissionResult } from "@crm/contracts/creative/answers";
import type { SubmitContentBody } from "@crm/contracts/creative/submission";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

/** POST /api/content-submissions (the file is uploaded first, with progress); answers the new submission's status. */
export function useSubmitContent() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: (body: SubmitContentBody) => apiRequest("POST", "/api/content-submissions", body, SubmissionResult),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}
