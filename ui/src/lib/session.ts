// The signed-in person, as GET /api/auth/me answers (/work auth contract). The query lives here, not
// in a feature, because the app shell, the route gate and several features all read it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client.ts";

export const ROLES = ["Partner", "Project Manager", "Creative Director"] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  approved: boolean;
  requestedAt: string;
  approvedAt: string | null;
  approvedBy: string | null;
}

export interface Me {
  accountId: string;
  email: string;
  user: User | null;
}

/** GET /api/auth/me: null when signed out; refetched on mount and window focus (docs/product.md, "Live updates"). */
export const meQueryOptions = queryOptions({
  queryKey: ["me"],
  queryFn: ({ signal }) => apiGet<Me>("/api/auth/me", signal),
  staleTime: 0,
  refetchOnMount: "always",
  refetchOnWindowFocus: "always",
});

/** The current session (undefined while loading, null when signed out). */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** The approved user inside the app shell (the gate guarantees one there). */
export function useCurrentUser(): User {
  const { data } = useMe();
  if (!data?.user) throw new Error("useCurrentUser outside the signed-in app");
  return data.user;
}
