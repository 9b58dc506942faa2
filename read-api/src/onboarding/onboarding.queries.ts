import type { OnboardingActivity } from "@crm/contracts/onboarding/onboarding";
import { ONBOARDING_STAGE_ORDER } from "@crm/contracts/onboarding/steps";
import { leads } from "@crm/contracts/read-models/leads";
import { onboardingActivities } from "@crm/contracts/read-models/onboarding";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

const a = onboardingActivities.as("a");

/**
 * Recent onboarding activities of the leads that are in onboarding now (of one lead, with leadId),
 * newest first: the onboarding read model joined with the leads (names, current stage) and users
 * (who did it) at read time.
 */
export async function recentOnboardingActivities(q: Queryable, leadId: string | undefined, limit: number): Promise<OnboardingActivity[]> {
  const { rows } = await q.query<OnboardingActivity>(
    `SELECT ${selectAs(a, ["id", "lead_id"])}, l.name AS "leadName", l.business, ${selectAs(a, ["type", "title", "description", "at", "follow_up_on", "created_at", "created_by"])},
       CASE WHEN a.created_by = 'public' THEN 'Client' ELSE COALESCE(u.display_name, a.created_by) END AS "userLabel"
     FROM ${a}
     JOIN ${leads.as("l")} ON l.id = a.lead_id AND l.stage = ANY($1::text[])
     LEFT JOIN ${users.as("u")} ON u.id::text = a.created_by
     WHERE ($2::uuid IS NULL OR a.lead_id = $2::uuid)
     ORDER BY a.position DESC
     LIMIT $3`,
    [[...ONBOARDING_STAGE_ORDER], leadId ?? null, limit],
  );
  return rows;
}
