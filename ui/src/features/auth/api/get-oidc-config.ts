import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";

export interface OidcConfig {
  enabled: boolean;
  provider: string;
}

const NOT_CONFIGURED: OidcConfig = { enabled: false, provider: "Google" };

/** GET /api/auth/oidc/config: whether the social sign-in button can be used. */
export function useOidcConfig() {
  return useQuery({
    queryKey: ["auth", "oidc-config"],
    // A server without the endpoint has no social sign-in either.
    queryFn: async ({ signal }) => (await apiGet<OidcConfig>("/api/auth/oidc/config", signal).catch(() => null)) ?? NOT_CONFIGURED,
  });
}
