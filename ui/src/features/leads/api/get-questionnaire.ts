import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, HttpError } from "@/lib/api-client";

/** The answers of SPEC.md §3 QuestionnaireResponse (all optional), as GET /api/questionnaire/{leadId} returns them. */
export type QuestionnaireResponse = Record<string, unknown> & { id?: string; leadId?: string; submittedAt?: string };

/** GET /api/questionnaire/{leadId}: null when the lead has no response yet (404). */
export function questionnaireQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["questionnaire", leadId],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<QuestionnaireResponse>(`/api/questionnaire/${encodeURIComponent(leadId)}`, signal);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The lead's latest questionnaire response, or null. */
export function useQuestionnaire(leadId: string) {
  return useQuery(questionnaireQueryOptions(leadId));
}
