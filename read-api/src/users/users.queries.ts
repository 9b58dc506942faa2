import type { PendingUser, User } from "@crm/contracts/user/user";
import { selectAs } from "@crm/contracts/read-models/table";
import { users } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";

const u = users.as();
/** A user as the API sends it: each column under its API name. */
const COLUMNS = selectAs(u, ["id", "email", "display_name", "role", "approved", "status", "requested_at", "approved_at", "approved_by"]);

/** Active staff (not invited, pending or deactivated), optionally of one role, by name. */
export async function listApprovedUsers(db: Queryable, role?: string): Promise<User[]> {
  const { rows } = await db.query<User>(
    `SELECT ${COLUMNS} FROM ${users} WHERE status = 'active' AND ($1::text IS NULL OR role = $1) ORDER BY lower(display_name), id`,
    [role ?? null],
  );
  return rows;
}

/** Access requests waiting for a Partner, oldest first; a re-application says when it was rejected before. */
export async function listPendingUsers(db: Queryable): Promise<PendingUser[]> {
  const { rows } = await db.query<PendingUser>(
    `SELECT ${COLUMNS}, ${selectAs(u, ["previous_rejection_at"])} FROM ${users} WHERE status = 'pending' ORDER BY requested_at, id`,
  );
  return rows;
}

/** Everyone a Partner manages, whatever their status, by name; an open invitation with its expiry. */
export async function listTeam(db: Queryable): Promise<(User & { inviteExpiresAt: string | null })[]> {
  const { rows } = await db.query<User & { inviteExpiresAt: string | null }>(
    `SELECT ${COLUMNS}, ${selectAs(u, ["invite_expires_at"])} FROM ${users} ORDER BY lower(display_name), id`,
  );
  return rows;
}
