import { activitiesProjection } from "./activities/activities.projection.ts";
import { creativeProjection } from "./creative/creative.projection.ts";
import { inboundProjection } from "./inbound/inbound.projection.ts";
import { leadsProjection } from "./leads/leads.projection.ts";
import { leadStreamsProjection } from "./lead-streams/lead-streams.projection.ts";
import { meetingsProjection } from "./meetings/meetings.projection.ts";
import { onboardingProjection } from "./onboarding/onboarding.projection.ts";
import type { Projection } from "./projection.ts";
import { questionnaireProjection } from "./questionnaire/questionnaire.projection.ts";
import { reportsProjection } from "./reports/reports.projection.ts";
import { usersProjection } from "./users/users.projection.ts";

/** Every read model the projector maintains. */
export const ALL_PROJECTIONS: readonly Projection[] = [leadsProjection, activitiesProjection, usersProjection, meetingsProjection, questionnaireProjection, onboardingProjection, creativeProjection, leadStreamsProjection, inboundProjection, reportsProjection];
