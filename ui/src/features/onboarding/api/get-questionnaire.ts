import { queryOptions, useQuery } from "@tanstack/react-query";
import { QuestionnaireResponse } from "@crm/contracts/questionnaire/answers";
import { apiGet, HttpError } from "@/lib/api-client";

/** GET /api/questionnaire/{leadId}[?version=n]: null when there is none (404). Refreshed by "questionnaire:<leadId>". */
export function questionnaireVersionQueryOptions(leadId: string, version: number | "latest") {
  const query = version === "latest" ? "" : `?version=${version}`;
  return queryOptions({
    queryKey: ["questionnaire", leadId, { version }],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(`/api/questionnaire/${encodeURIComponent(leadId)}${query}`, QuestionnaireResponse, signal);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** One version of a client's answers (the latest by default). */
export function useQuestionnaireVersion(leadId: string, version: number | "latest") {
  return useQuery(questionnaireVersionQueryOptions(leadId, version));
}
