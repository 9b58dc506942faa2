import { useMutation } from "@tanstack/react-query";
import { SubmissionResult } from "@crm/contracts/creative/answers";
import type { ReviewContentBody } from "@crm/contracts/creative/submission";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

export interface ReviewInput extends ReviewContentBody {
  submission: ContentSubmission;
}

/** POST /api/content-submissions/:id/review: approve, reject or ask for a revision; answers the new status. */
export function useReviewSubmission() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: ({ submission, ...body }: ReviewInput) =>
      apiRequest("POST", `/api/content-submissions/${encodeURIComponent(submission.id)}/review`, body, SubmissionResult),
    onSuccess: (_answer, { submission }) => refresh(submission.leadId),
  });
}
