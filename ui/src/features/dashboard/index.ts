// The dashboard feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** / and /dashboard: the pipeline at a glance. */
export const dashboardScreen = {
  lazy: () => import("./components/dashboard-page.tsx").then((m) => ({ Component: m.DashboardPage })),
} satisfies RouteObject;
