import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type RouteObject } from "react-router";
import { prefetchBoard } from "@/features/leads/api/get-board";
import { FullPageSpinner } from "./full-page-status.tsx";
import { RouteError } from "./route-error.tsx";
import { SessionGate } from "./session-gate.tsx";

// Every screen is its own chunk, and so is the shell: the entry holds the router, the query cache,
// the session gate and the toaster, which the sign-in screen needs too.
const dashboard = () => import("@/features/dashboard/components/dashboard-page").then((m) => ({ Component: m.DashboardPage }));

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  { index: true, lazy: dashboard },
  { path: "dashboard", lazy: dashboard },
  {
    path: "leads",
    // The board's data is asked for while its chunk (and the shell's) loads.
    loader: () => {
      prefetchBoard(queryClient);
      return null;
    },
    lazy: () => import("@/features/leads/components/leads-page").then((m) => ({ Component: m.LeadsPage })),
  },
  { path: "lead/:id", lazy: () => import("@/features/leads/components/lead-page").then((m) => ({ Component: m.LeadPage })) },
  {
    path: "onboarding",
    lazy: () => import("@/features/onboarding/components/onboarding-page").then((m) => ({ Component: m.OnboardingPage })),
  },
  { path: "approvals", lazy: () => import("@/features/approvals/components/approvals-page").then((m) => ({ Component: m.ApprovalsPage })) },
  { path: "creative", lazy: () => import("@/features/creative/components/creative-page").then((m) => ({ Component: m.CreativePage })) },
  { path: "*", lazy: () => import("./not-found-page.tsx").then((m) => ({ Component: m.NotFoundPage })) },
];

export const routes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: "/onboarding-form/:token?",
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: () => import("@/features/questionnaire/components/questionnaire-page").then((m) => ({ Component: m.QuestionnairePage })),
  },
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    // Shown while the first screen's lazy chunk loads.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        path: "/login",
        errorElement: <RouteError />,
        lazy: () => import("@/features/auth/components/login-page").then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: "/pending",
        errorElement: <RouteError />,
        lazy: () => import("@/features/auth/components/pending-page").then((m) => ({ Component: m.PendingPage })),
      },
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
