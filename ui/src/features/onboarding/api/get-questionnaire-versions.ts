import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { QuestionnaireVersion } from "@crm/contracts/questionnaire/answers";
import { apiGet } from "@/lib/api-client";

const QuestionnaireVersions = z.array(QuestionnaireVersion);

/** GET /api/questionnaire/{leadId}/versions: every submitted version, newest first. */
export function questionnaireVersionsQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["questionnaire", leadId, "versions"],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/questionnaire/${encodeURIComponent(leadId)}/versions`, QuestionnaireVersions, signal)) ?? [],
  });
}

/** The list of a client's submitted versions. */
export function useQuestionnaireVersions(leadId: string) {
  return useQuery(questionnaireVersionsQueryOptions(leadId));
}
