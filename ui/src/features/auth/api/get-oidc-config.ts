import { useQuery } from "@tanstack/react-query";
import { OidcPublicConfig } from "@crm/contracts/auth/answers";
import { apiGet, HttpError } from "@/lib/api-client";

const NOT_CONFIGURED: OidcPublicConfig = { enabled: false, provider: "Google" };

/** GET /api/auth/oidc/config: whether the social sign-in button can be used. */
export function useOidcConfig() {
  return useQuery({
    queryKey: ["auth", "oidc-config"],
    queryFn: async ({ signal }) => {
      try {
        return (await apiGet("/api/auth/oidc/config", OidcPublicConfig, signal)) ?? NOT_CONFIGURED;
      } catch (error) {
        // A server without the endpoint has no social sign-in either; an answer of the wrong shape is an error.
        if (error instanceof HttpError) return NOT_CONFIGURED;
        throw error;
      }
    },
  });
}
