import { ACTIVITIES_TABLES } from "./activities.ts";
import { CREATIVE_TABLES } from "./creative.ts";
import { INBOUND_TABLES } from "./inbound.ts";
import { LEAD_STREAMS_TABLES } from "./lead-streams.ts";
import { LEADS_TABLES } from "./leads.ts";
import { MEETINGS_TABLES } from "./meetings.ts";
import { ONBOARDING_TABLES } from "./onboarding.ts";
import { QUESTIONNAIRE_TABLES } from "./questionnaire.ts";
import { REPORTS_TABLES } from "./reports.ts";
import type { TableContract } from "./table.ts";
import { USERS_TABLES } from "./users.ts";

/** Each read model's tables, by the name of the projection that builds them (projector/src/projections.ts). */
export const READ_MODEL_TABLES: Readonly<Record<string, readonly TableContract[]>> = {
  leads: LEADS_TABLES,
  activities: ACTIVITIES_TABLES,
  users: USERS_TABLES,
  meetings: MEETINGS_TABLES,
  questionnaire: QUESTIONNAIRE_TABLES,
  onboarding: ONBOARDING_TABLES,
  creative: CREATIVE_TABLES,
  lead_streams: LEAD_STREAMS_TABLES,
  inbound: INBOUND_TABLES,
  reports: REPORTS_TABLES,
};
