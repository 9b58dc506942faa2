// The auth feature's public face (docs/decisions/046-ui-by-feature.md): its two screens, and signing out.
import type { RouteObject } from "react-router";

export { useSignOut } from "./api/sign-out.ts";

/** /login: sign in, or ask for an account. */
export const loginScreen = {
  lazy: () => import("./components/login-page.tsx").then((m) => ({ Component: m.LoginPage })),
} satisfies RouteObject;

/** /pending: an account that waits for a Partner's approval. */
export const pendingScreen = {
  lazy: () => import("./components/pending-page.tsx").then((m) => ({ Component: m.PendingPage })),
} satisfies RouteObject;
