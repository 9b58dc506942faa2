// The team feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /team (Partners): every account, invitations, roles, deactivation. */
export const teamScreen = {
  lazy: () => import("./components/team-page.tsx").then((m) => ({ Component: m.TeamPage })),
} satisfies RouteObject;
