import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type RouteObject } from "react-router";
import { approvalsScreen } from "@/features/approvals";
import { loginScreen, pendingScreen } from "@/features/auth";
import { creativeScreen } from "@/features/creative";
import { dashboardScreen } from "@/features/dashboard";
import { leadsScreen } from "@/features/leads";
import { questionnaireScreen } from "@/features/questionnaire";
import { FullPageSpinner } from "./full-page-status.tsx";
import { RouteError } from "./route-error.tsx";
import { SessionGate } from "./session-gate.tsx";

// Every screen is its own chunk, and so is the shell: the entry holds the router, the query cache,
// the session gate and the toaster, which the sign-in screen needs too. A feature's screen comes
// from its index.ts, which loads the screen's code lazily; screens that show several features are
// composed in screens/ (docs/decisions/046-ui-by-feature.md).
const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  { index: true, ...dashboardScreen },
  { path: "dashboard", ...dashboardScreen },
  { path: "leads", ...leadsScreen(queryClient) },
  { path: "lead/:id", lazy: () => import("./screens/lead-page.tsx").then((m) => ({ Component: m.LeadPage })) },
  { path: "onboarding", lazy: () => import("./screens/onboarding-page.tsx").then((m) => ({ Component: m.OnboardingScreen })) },
  { path: "approvals", ...approvalsScreen },
  { path: "creative", ...creativeScreen },
  { path: "*", lazy: () => import("./not-found-page.tsx").then((m) => ({ Component: m.NotFoundPage })) },
];

export const routes = (queryClient: QueryClient): RouteObject[] => [
  { path: "/onboarding-form/:token?", errorElement: <RouteError />, hydrateFallbackElement: <FullPageSpinner />, ...questionnaireScreen },
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    // Shown while the first screen's lazy chunk loads.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: "/login", errorElement: <RouteError />, ...loginScreen },
      { path: "/pending", errorElement: <RouteError />, ...pendingScreen },
      {
        path: "/",
        lazy: () => import("./shell/app-shell.tsx").then((m) => ({ Component: m.AppShell })),
        errorElement: <RouteError />,
        children: appRoutes(queryClient).map((route) => ({ ...route, errorElement: <RouteError /> })),
      },
    ],
  },
];

/** The browser router over the route table of docs/product.md, "Screens"; some routes start their reads in the query cache. */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
