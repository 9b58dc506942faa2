// The settings feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /settings: the agency's name, mail sender, currency, calendar and logo (Partners). */
export const settingsScreen = {
  lazy: () => import("./components/settings-page.tsx").then((m) => ({ Component: m.SettingsPage })),
} satisfies RouteObject;
