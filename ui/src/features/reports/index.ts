// The reports feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /reports: the pipeline's reports; the page and its charting code are a chunk of their own. */
export const reportsScreen = {
  lazy: () => import("./components/reports-page.tsx").then((m) => ({ Component: m.ReportsPage })),
} satisfies RouteObject;
