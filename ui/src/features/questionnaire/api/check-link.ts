import { queryOptions, useQuery } from "@tanstack/react-query";
import { EXPIRED_LINK_MESSAGE, PublicClientLink } from "@crm/contracts/client-link/answers";
import { AnswerShapeError } from "@/lib/api-client";

/** A link that does not open the form; the message is what the page shows. */
export class DeadLinkError extends Error {
  constructor(message = EXPIRED_LINK_MESSAGE) {
    super(message);
    this.name = "DeadLinkError";
  }
}

/**
 * GET /api/questionnaire-links/{token}: public, so fetched without credentials (apiGet sends them);
 * 410 for every link that does not work (decisions/038). A wrong shape names the route, not the token.
 */
export async function checkLink(token: string, signal?: AbortSignal): Promise<PublicClientLink> {
  const res = await fetch(`/api/questionnaire-links/${encodeURIComponent(token)}`, { credentials: "omit", signal });
  if (res.status === 410 || res.status === 404 || res.status === 400) throw new DeadLinkError();
  if (!res.ok) throw new Error("We could not check your link. Please reload the page.");
  const parsed = PublicClientLink.safeParse(await res.json());
  if (!parsed.success) throw new AnswerShapeError("GET", "/api/questionnaire-links/{token}", parsed.error.issues);
  return parsed.data;
}

/** The link check: key ["questionnaire-link", token]; a dead link is not asked again. */
export function linkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["questionnaire-link", token],
    queryFn: ({ signal }) => checkLink(token, signal),
    retry: (count, error) => !(error instanceof DeadLinkError) && count < 2,
    staleTime: Infinity,
  });
}

/** Whether the page's link works. */
export function useLinkCheck(token: string) {
  return useQuery(linkQueryOptions(token));
}
