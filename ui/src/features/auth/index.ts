// The auth feature's public face (docs/decisions/046-ui-by-feature.md): its screens, and signing out.
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

/** /forgot-password (public): an address to mail a link to set a new password. */
export const forgotPasswordScreen = {
  lazy: () => import("./components/forgot-password-page.tsx").then((m) => ({ Component: m.ForgotPasswordPage })),
} satisfies RouteObject;

/** /reset-password#<token> (public): the mailed link; a new password signs the person in. */
export const resetPasswordScreen = {
  lazy: () => import("./components/reset-password-page.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
} satisfies RouteObject;

/** /invite#<token> (public): a Partner's invitation; a name and a password, and the colleague is in. */
export const inviteScreen = {
  lazy: () => import("./components/invite-page.tsx").then((m) => ({ Component: m.InvitePage })),
} satisfies RouteObject;
