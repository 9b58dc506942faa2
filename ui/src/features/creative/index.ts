// The creative feature's public face (docs/decisions/046-ui-by-feature.md): its screen, and the lead page's two creative cards.
import type { RouteObject } from "react-router";

export { ContentSubmissionsCard } from "./components/content-submissions-card.tsx";
export { CreativeTasksCard } from "./components/creative-tasks-card.tsx";

/** /creative: a director's clients, submissions and tasks. */
export const creativeScreen = { lazy: () => import("./components/creative-page.tsx").then((m) => ({ Component: m.CreativePage })) } satisfies RouteObject;
