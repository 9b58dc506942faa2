import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { approvalsScreen } from "@/features/approvals";
import { auditScreen } from "@/features/audit";
import { forgotPasswordScreen, inviteScreen, loginScreen, pendingScreen, resetPasswordScreen } from "@/features/auth";
import { creativeScreen } from "@/features/creative";
import { dashboardScreen } from "@/features/dashboard";
import { inboxScreen } from "@/features/inbox";
import { leadsScreen, prefetchLead } from "@/features/leads";
import { profileScreen } from "@/features/profile";
import { questionnaireScreen } from "@/features/questionnaire";
import { reportsScreen } from "@/features/reports";
import { settingsScreen } from "@/features/settings";
import { teamScreen } from "@/features/team";
import { meQueryOptions } from "@/lib/session";
import { FullPageSpinner } from "./full-page-status.tsx";
import { RouteError } from "./route-error.tsx";
import { ScreenGuard } from "./screen-guard.tsx";
import { mayUse, screenAccess, type ScreenPath } from "./screen-table.ts";
import { SessionGate } from "./session-gate.tsx";

/**
 * A screen of the table (screen-table.ts) behind its guard: the guard shows the screen, or "No access" to a
 * role that may not use it; a loader that starts reads early runs only for a role that may make them.
 */
function guarded(queryClient: QueryClient, path: ScreenPath, route: RouteObject): RouteObject {
  const screen = screenAccess(path);
  const { loader } = route;
  const guardedLoader =
    typeof loader === "function"
      ? async (args: LoaderFunctionArgs) => {
          const me = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
          return me?.user && mayUse(screen, me.user.role) ? loader(args) : null;
        }
      : loader;
  return {
    path: path.slice(1),
    element: <ScreenGuard screen={screen} />,
    errorElement: <RouteError />,
    children: [{ ...route, index: true, loader: guardedLoader, errorElement: <RouteError /> } as RouteObject],
  };
}

// Every screen is its own chunk, and so is the shell: the entry holds the router, the query cache,
// the session gate and the toaster, which the sign-in screen needs too. A feature's screen comes
// from its index.ts, which loads the screen's code lazily; screens that show several features are
// composed in screens/ (docs/decisions/046-ui-by-feature.md).
const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  { index: true, ...dashboardScreen, errorElement: <RouteError /> },
  guarded(queryClient, "/dashboard", dashboardScreen),
  guarded(queryClient, "/leads", leadsScreen(queryClient)),
  guarded(queryClient, "/lead/:id", {
    // The lead is asked for while the page's code loads.
    loader: ({ params }) => {
      if (params.id) prefetchLead(queryClient, params.id);
      return null;
    },
    lazy: () => import("./screens/lead-page.tsx").then((m) => ({ Component: m.LeadPage })),
  }),
  guarded(queryClient, "/onboarding", {
    lazy: () => import("./screens/onboarding-page.tsx").then((m) => ({ Component: m.OnboardingScreen })),
  }),
  guarded(queryClient, "/inbox", inboxScreen(queryClient)),
  guarded(queryClient, "/reports", reportsScreen),
  guarded(queryClient, "/approvals", approvalsScreen),
  guarded(queryClient, "/creative", creativeScreen),
  guarded(queryClient, "/team", teamScreen),
  guarded(queryClient, "/settings", settingsScreen),
  guarded(queryClient, "/audit", auditScreen),
  guarded(queryClient, "/profile", profileScreen),
  { path: "*", lazy: () => import("./not-found-page.tsx").then((m) => ({ Component: m.NotFoundPage })), errorElement: <RouteError /> },
];

export const routes = (queryClient: QueryClient): RouteObject[] => [
  // Public: a client's questionnaire and the account links of mails, outside the session gate.
  { path: "/onboarding-form/:token?", errorElement: <RouteError />, hydrateFallbackElement: <FullPageSpinner />, ...questionnaireScreen },
  { path: "/forgot-password", errorElement: <RouteError />, hydrateFallbackElement: <FullPageSpinner />, ...forgotPasswordScreen },
  { path: "/reset-password", errorElement: <RouteError />, hydrateFallbackElement: <FullPageSpinner />, ...resetPasswordScreen },
  { path: "/invite", errorElement: <RouteError />, hydrateFallbackElement: <FullPageSpinner />, ...inviteScreen },
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
        children: appRoutes(queryClient),
      },
    ],
  },
];

/** The browser router over the route table of docs/product.md, "Screens"; some routes start their reads in the query cache. */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
