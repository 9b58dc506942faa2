import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QuestionnaireResponse, QuestionnaireVersion } from "@crm/contracts/questionnaire/questionnaire";
import { apiGet, HttpError } from "@/lib/api-client";

/** GET /api/questionnaire/{leadId}[?version=n]: null when there is none (404). Refreshed by "questionnaire:<leadId>". */
export function questionnaireVersionQueryOptions(leadId: string, version: number | "latest") {
  const query = version === "latest" ? "" : `?version=${version}`;
  return queryOptions({
    queryKey: ["questionnaire", leadId, { version }],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<QuestionnaireResponse>(`/api/questionnaire/${encodeURIComponent(leadId)}${query}`, signal);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** GET /api/questionnaire/{leadId}/versions: every submitted version, newest first. */
export function questionnaireVersionsQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["questionnaire", leadId, "versions"],
    queryFn: async ({ signal }) =>
      (await apiGet<QuestionnaireVersion[]>(`/api/questionnaire/${encodeURIComponent(leadId)}/versions`, signal)) ?? [],
  });
}

/** One version of a client's answers (the latest by default). */
export function useQuestionnaireVersion(leadId: string, version: number | "latest") {
  return useQuery(questionnaireVersionQueryOptions(leadId, version));
}

/** The list of a client's submitted versions. */
export function useQuestionnaireVersions(leadId: string) {
  return useQuery(questionnaireVersionsQueryOptions(leadId));
}
