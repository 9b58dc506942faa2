import type { PendingUser, User } from "@crm/contracts/user/user";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

const u = users.as();
/** A user as the API sends it: each column under its API name. */
const COLUMNS = selectAs(u, ["id", "email", "display_name", "role", "approved", "requested_at", "approved_at", "approved_by"]);

/** Approved staff, optionally of one role, by name. */
export async function listApprovedUsers(db: Queryable, role?: string): Promise<User[]> {
  const { rows } = await db.query<User>(
    `SELECT ${COLUMNS} FROM ${users} WHERE approved AND ($1::text IS NULL OR role = $1) ORDER BY lower(display_name), id`,
    [role ?? null],
  );
  return rows;
}

/** Access requests waiting for a Partner, oldest first; a re-application says when it was rejected before. */
export async function listPendingUsers(db: Queryable): Promise<PendingUser[]> {
  const { rows } = await db.query<PendingUser>(
    `SELECT ${COLUMNS}, ${selectAs(u, ["previous_rejection_at"])} FROM ${users} WHERE NOT approved ORDER BY requested_at, id`,
  );
  return rows;
}
