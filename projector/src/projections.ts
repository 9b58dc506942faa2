import { activitiesProjection } from "./activities/activities.projection.ts";
import { leadsProjection } from "./leads/leads.projection.ts";
import type { Projection } from "./projection.ts";

/** Every read model the projector maintains. */
export const ALL_PROJECTIONS: readonly Projection[] = [leadsProjection, activitiesProjection];
