// A lead's questionnaire answers, read by the lead page's card and the onboarding screen's summary. The
// queries sit under ["questionnaire", leadId, …], so the "questionnaire:<leadId>" live topic refreshes them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { QuestionnaireResponse, QuestionnaireVersion } from "@crm/contracts/questionnaire/answers";
import { apiGet, HttpError } from "@/lib/api-client";

const QuestionnaireVersions = z.array(QuestionnaireVersion);

/** GET /api/questionnaire/{leadId}/versions: every submitted version, newest first (none: an empty list). */
export function questionnaireVersionsQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ["questionnaire", leadId, "versions"],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/questionnaire/${encodeURIComponent(leadId)}/versions`, QuestionnaireVersions, signal)) ?? [],
  });
}

/** GET /api/questionnaire/{leadId}[?version=n]: null when there is none (404: erased since the list was read). */
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

/** The list of a client's submitted versions. */
export function useQuestionnaireVersions(leadId: string) {
  return useQuery(questionnaireVersionsQueryOptions(leadId));
}

/**
 * One version of a client's answers (the latest by default). The answers are asked for only once the
 * list of versions shows there are some: most leads have none, and asking would answer 404, which the
 * browser logs as an error on every such lead's page.
 */
export function useQuestionnaireVersion(leadId: string, version: number | "latest") {
  const versions = useQuestionnaireVersions(leadId);
  return useQuery({ ...questionnaireVersionQueryOptions(leadId, version), enabled: (versions.data?.length ?? 0) > 0 });
}
