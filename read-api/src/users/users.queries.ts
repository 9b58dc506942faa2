import type { PendingUser, User } from "@crm/contracts/user/user";
import type { Queryable } from "@crm/infra/db/database";

const COLUMNS = `id, email, display_name AS "displayName", role, approved, requested_at AS "requestedAt", approved_at AS "approvedAt", approved_by AS "approvedBy"`;

/** Approved staff, optionally of one role, by name. */
export async function listApprovedUsers(db: Queryable, role?: string): Promise<User[]> {
  const { rows } = await db.query<User>(
    `SELECT ${COLUMNS} FROM users WHERE approved AND ($1::text IS NULL OR role = $1) ORDER BY lower(display_name), id`,
    [role ?? null],
  );
  return rows;
}

/** Access requests waiting for a Partner, oldest first; a re-application says when it was rejected before. */
export async function listPendingUsers(db: Queryable): Promise<PendingUser[]> {
  const { rows } = await db.query<PendingUser>(
    `SELECT ${COLUMNS}, previous_rejection_at AS "previousRejectionAt" FROM users WHERE NOT approved ORDER BY requested_at, id`,
  );
  return rows;
}
