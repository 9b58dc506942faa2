// The questionnaire feature's public face (docs/decisions/046-ui-by-feature.md).
import type { RouteObject } from "react-router";

/** /onboarding-form/:token: the public questionnaire a client answers. */
export const questionnaireScreen = {
  lazy: () => import("./components/questionnaire-page.tsx").then((m) => ({ Component: m.QuestionnairePage })),
} satisfies RouteObject;
