import { activityReadRoutes } from "./activities/activities.routes.ts";
import { ledgerReadRoutes } from "./audit/verify.routes.ts";
import { auditWorkbenchRoutes } from "./audit/workbench.routes.ts";
import { calendarReadRoutes } from "./calendar/calendar.routes.ts";
import { clientLinkReadRoutes } from "./client-links/client-links.routes.ts";
import { creativeReadRoutes } from "./creative/creative.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { historyReadRoutes } from "./history/history.routes.ts";
import { inboundReadRoutes } from "./inbound/inbound.routes.ts";
import { leadReadRoutes } from "./leads/leads.routes.ts";
import { eventStreamRoutes } from "./live/events-stream.routes.ts";
import { meetingReadRoutes } from "./meetings/meetings.routes.ts";
import { onboardingReadRoutes } from "./onboarding/onboarding.routes.ts";
import { openApiRoutes } from "./openapi/openapi.routes.ts";
import { questionnaireReadRoutes } from "./questionnaire/questionnaire.routes.ts";
import { pastBoardReadRoutes } from "./reports/past-board.routes.ts";
import { reportReadRoutes } from "./reports/reports.routes.ts";
import { settingsReadRoutes } from "./settings/settings.routes.ts";
import { userReadRoutes } from "./users/users.routes.ts";

/** Every route group the read API declares. */
export const READ_API_ROUTES = [
  healthRoutes,
  eventStreamRoutes,
  openApiRoutes,
  pastBoardReadRoutes,
  leadReadRoutes,
  historyReadRoutes,
  auditWorkbenchRoutes,
  ledgerReadRoutes,
  activityReadRoutes,
  meetingReadRoutes,
  calendarReadRoutes,
  userReadRoutes,
  clientLinkReadRoutes,
  questionnaireReadRoutes,
  onboardingReadRoutes,
  creativeReadRoutes,
  settingsReadRoutes,
  inboundReadRoutes,
  reportReadRoutes,
] as const;
