// The approvals feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /approvals: the accounts waiting for a Partner. */
export const approvalsScreen = {
  lazy: () => import("./components/approvals-page.tsx").then((m) => ({ Component: m.ApprovalsPage })),
} satisfies RouteObject;
