import { queryOptions, useQuery } from "@tanstack/react-query";
import { InviteDetails } from "@crm/contracts/user/answers";
import { apiGet } from "@/lib/api-client";

/** GET /api/auth/invites/{token}: who invited whom, as what; reading it does not spend the token. */
export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["auth", "invite", token],
    queryFn: async ({ signal }) => {
      const details = await apiGet(`/api/auth/invites/${encodeURIComponent(token)}`, InviteDetails, signal);
      // A public read never answers 401; if it did, the link could not be read either.
      if (!details) throw new Error("The invitation could not be read.");
      return details;
    },
  });

/** The invitation a link names, or its dead-link error. */
export function useInvite(token: string | null) {
  return useQuery({ ...inviteQueryOptions(token ?? ""), enabled: token !== null });
}
