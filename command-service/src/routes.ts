import { authRoutes } from "./auth/auth.routes.ts";
import { oidcRoutes } from "./auth/oidc.routes.ts";
import { passwordResetRoutes } from "./auth/password-reset.routes.ts";
import { profileRoutes } from "./auth/profile.routes.ts";
import { clientLinkCommandRoutes } from "./client-link/client-link.routes.ts";
import { creativeCommandRoutes } from "./creative/creative.routes.ts";
import { uploadRoutes } from "./creative/upload.routes.ts";
import { erasureCommandRoutes } from "./erasure/erasure.routes.ts";
import { inboundCommandRoutes } from "./inbound/assign.routes.ts";
import { leadActivityRoutes } from "./lead/lead-activity.routes.ts";
import { leadDealRoutes } from "./lead/lead-deal.routes.ts";
import { leadImportRoutes } from "./lead/lead-import.routes.ts";
import { leadCommandRoutes } from "./lead/lead.routes.ts";
import { calendarFeedCommandRoutes } from "./meeting/calendar-feed.routes.ts";
import { meetingCommandRoutes } from "./meeting/meeting.routes.ts";
import { messagingCommandRoutes } from "./messaging/messaging.routes.ts";
import { onboardingCommandRoutes } from "./onboarding/onboarding.routes.ts";
import { questionnaireCommandRoutes } from "./questionnaire/questionnaire.routes.ts";
import { settingsCommandRoutes } from "./settings/settings.routes.ts";
import { inviteAuthRoutes, invitationRoutes } from "./user/invite.routes.ts";
import { userCommandRoutes } from "./user/user.routes.ts";

/** Every route group the command service declares (the sign-in routes run in every process). */
export const COMMAND_SERVICE_ROUTES = [
  authRoutes,
  oidcRoutes,
  passwordResetRoutes,
  profileRoutes,
  userCommandRoutes,
  invitationRoutes,
  inviteAuthRoutes,
  leadCommandRoutes,
  leadDealRoutes,
  leadActivityRoutes,
  leadImportRoutes,
  erasureCommandRoutes,
  meetingCommandRoutes,
  calendarFeedCommandRoutes,
  messagingCommandRoutes,
  inboundCommandRoutes,
  clientLinkCommandRoutes,
  questionnaireCommandRoutes,
  onboardingCommandRoutes,
  creativeCommandRoutes,
  uploadRoutes,
  settingsCommandRoutes,
] as const;
