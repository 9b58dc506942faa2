import { Router } from "express";
import type { Config } from "@crm/infra/config";
import { googleCalendarSettings } from "@crm/infra/calendar/google-calendar";
import { jitsiLink } from "@crm/infra/calendar/jitsi";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { twilioConfigured } from "@crm/infra/sms/create-sms-sender";
import { meetingCommandRoutes } from "../meeting/meeting.routes.ts";
import type { CommandDeps } from "../core/command-context.ts";
import { messagingCommandRoutes } from "./messaging.routes.ts";

/** The meeting and messaging commands, configured from the environment (Google or Jitsi, SMTP or outbox, Twilio or outbox). */
export function outreachCommandRoutes(deps: CommandDeps & { store: EventStore; db: Queryable; config: Config }): Router {
  const { config } = deps;
  const router = Router();
  router.use(meetingCommandRoutes({ ...deps, googleMeet: googleCalendarSettings(config) !== undefined, jitsiLink: () => jitsiLink(config.JITSI_URL) }));
  router.use(
    messagingCommandRoutes({
      ...deps,
      publicUrl: config.PUBLIC_URL,
      mailFrom: config.MAIL_FROM,
      channels: { mail: config.SMTP_URL ? "smtp" : "outbox", sms: twilioConfigured(config) ? "twilio" : "outbox" },
    }),
  );
  return router;
}
