import type { Activity } from "@crm/contracts/activity/activity";
import { activities } from "@crm/contracts/read-models/activities";
import { leads } from "@crm/contracts/read-models/leads";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

const a = activities.as("a");
/** A timeline entry as the API sends it: each column under its API name. */
const COLUMNS = selectAs(a, ["id", "lead_id", "type", "title", "description", "at", "follow_up_on", "created_at", "created_by"]);

/** Whether identity's users read model exists yet: until it does, the timeline labels entries with actor ids. */
export async function usersTableExists(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ found: boolean }>(`SELECT to_regclass('public.${users}') IS NOT NULL AS found`);
  return rows[0]?.found === true;
}

/**
 * Who did it, as people read it: the user's display name from the users read model (identity's),
 * else the actor id ("system", "public", or a user not in the table). Names are joined at read time
 * so a renamed user reads right everywhere, and the timeline works before identity's table exists.
 */
function labelled(withNames: boolean, where: string): string {
  return withNames
    ? `SELECT ${COLUMNS}, COALESCE(u.display_name, a.created_by) AS "userLabel"
       FROM ${a} LEFT JOIN public.${users} u ON u.id::text = a.created_by ${where}`
    : `SELECT ${COLUMNS}, a.created_by AS "userLabel" FROM ${a} ${where}`;
}

/** The latest entries across leads, newest first; a Creative Director's (directorId) of their own clients only. */
export async function recentActivities(q: Queryable, withNames: boolean, limit: number, directorId?: string): Promise<Activity[]> {
  const { rows } =
    directorId === undefined
      ? await q.query<Activity>(`${labelled(withNames, "")} ORDER BY a.position DESC LIMIT $1`, [limit])
      : await q.query<Activity>(
          `${labelled(withNames, `WHERE a.lead_id IN (SELECT id FROM ${leads} WHERE creative_director_id = $2)`)} ORDER BY a.position DESC LIMIT $1`,
          [limit, directorId],
        );
  return rows;
}

/** A lead's timeline, newest first. */
export async function activitiesOfLead(q: Queryable, withNames: boolean, leadId: string, limit: number): Promise<Activity[]> {
  const { rows } = await q.query<Activity>(`${labelled(withNames, "WHERE a.lead_id = $1")} ORDER BY a.position DESC LIMIT $2`, [
    leadId,
    limit,
  ]);
  return rows;
}
