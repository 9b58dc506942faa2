import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { ContentSubmission } from "@crm/contracts/creative/answers";
import { apiGet } from "@/lib/api-client";
import { listPath } from "./list-path.ts";

/** The answer of GET /api/content-submissions, as the route declares it (read-api creative.routes). */
const Submissions = array(ContentSubmission);

/** GET /api/content-submissions(?leadId=): filtered by the server to what the user may see. */
export const submissionsQueryOptions = (leadId?: string) =>
  queryOptions({
    queryKey: ["content-submissions", leadId ?? "all"],
    queryFn: async ({ signal }) => (await apiGet(listPath("/api/content-submissions", leadId), Submissions, signal)) ?? [],
  });

/** One client's submissions, or every one the user may see. */
export const useSubmissions = (leadId?: string) => useQuery(submissionsQueryOptions(leadId));
