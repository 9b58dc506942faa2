import { queryOptions, useQuery } from "@tanstack/react-query";
import { QuestionnaireResponse } from "@crm/contracts/questionnaire/answers";
import { apiGet, HttpError } from "@/lib/api-client";

/** GET /api/questionnaire/{leadId}: the latest response, or null when the lead has none (404). */
export function questionnaireQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["questionnaire", leadId],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(`/api/questionnaire/${encodeURIComponent(leadId)}`, QuestionnaireResponse, signal);
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
