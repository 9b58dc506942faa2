// The signed-in person, as GET /api/auth/me answers (contracts/src/auth/answers.ts). The query lives here, not
// in a feature, because the app shell, the route gate and several features all read it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Me, SIGNED_IN_COOKIE } from "@crm/contracts/auth/answers";
import type { User } from "@crm/contracts/user/answers";
import { apiGet } from "./api-client.ts";
import { mayChange } from "./roles.ts";

// The contract's types under the names the UI has always imported from here (zod/mini answers: the
// entry chunk carries no zod classic).
export type { Me, User };
export type { UserRole as Role } from "@crm/contracts/user/user";

/**
 * GET /api/auth/me: null when signed out; refetched on window focus and when a screen mounts
 * (docs/product.md, "Live updates"), unless it was read in the last few seconds: a page load mounts
 * several readers one after another (the session gate, then the screen once its code arrives), and
 * one check serves them all.
 */
export const meQueryOptions = queryOptions({
  queryKey: ["me"],
  // Without the server's signed-in hint there is no session to check: signed out, without a request.
  queryFn: ({ signal }) =>
    document.cookie.split("; ").some((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`)) ? apiGet("/api/auth/me", Me, signal) : null,
  staleTime: 5_000,
  refetchOnMount: true,
  refetchOnWindowFocus: "always",
});

/** The current session (undefined while loading, null when signed out). */
export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * Whether the signed-in person may change anything: false for an Auditor, whose screens leave out every
 * write control (docs/product.md, "Roles"). True while the session is unknown: the server decides anyway.
 */
export function useMayChange(): boolean {
  const role = useMe().data?.user?.role;
  return role === undefined || mayChange(role);
}

/** The approved user inside the app shell (the gate guarantees one there). */
export function useCurrentUser(): User {
  const { data } = useMe();
  if (!data?.user) throw new Error("useCurrentUser outside the signed-in app");
  return data.user;
}
