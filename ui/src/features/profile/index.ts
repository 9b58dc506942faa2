// The profile feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /profile (every approved colleague): display name, time zone, email signature, password. */
export const profileScreen = {
  lazy: () => import("./components/profile-page.tsx").then((m) => ({ Component: m.ProfilePage })),
} satisfies RouteObject;
