// The audit feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /audit (Partners and Auditors): the workbench over every event of the log. */
export const auditScreen = {
  lazy: () => import("./components/audit-page.tsx").then((m) => ({ Component: m.AuditPage })),
} satisfies RouteObject;
