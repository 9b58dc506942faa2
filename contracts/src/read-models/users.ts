import type { UserRole, UserStatus } from "../user/user.ts";
import { boolean, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/**
 * One row per person a Partner manages (docs/product.md, "Team"): an open invitation, a live access
 * request, an active or a deactivated account. Rejected requests and withdrawn invitations are deleted.
 */
export const users = table("users", {
  id: uuid().primaryKey(),
  email: text(),
  display_name: text(),
  role: text().as<UserRole>(),
  /** True once let in (approved, bootstrapped or an accepted invitation); stays true when deactivated. */
  approved: boolean().default("false"),
  /** invited | pending | active | deactivated: the lists filter on it. */
  status: text().as<UserStatus>(),
  requested_at: timestamptz(),
  approved_at: timestamptz().nullable(),
  approved_by: uuid().nullable(),
  /** A re-application's earlier rejection (decisions/040). */
  previous_rejection_at: timestamptz().nullable(),
  /** Who sent an invitation (an accepted one's approver); null for an access request. */
  invited_by: uuid().nullable(),
  /** When an open invitation's link stops working; null unless status is invited. */
  invite_expires_at: timestamptz().nullable(),
});

export type UserRow = RowOf<typeof users>;

/** The tables of the users read model. */
export const USERS_TABLES = [users] as const;
