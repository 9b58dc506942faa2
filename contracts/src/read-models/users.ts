import type { UserRole } from "../user/user.ts";
import { boolean, table, text, timestamptz, uuid, type RowOf } from "./table.ts";

/** One row per live access request or staff member; rejected requests are deleted. */
export const users = table("users", {
  id: uuid().primaryKey(),
  email: text(),
  display_name: text(),
  role: text().as<UserRole>(),
  approved: boolean().default("false"),
  requested_at: timestamptz(),
  approved_at: timestamptz().nullable(),
  approved_by: uuid().nullable(),
  /** A re-application's earlier rejection (decisions/040). */
  previous_rejection_at: timestamptz().nullable(),
});

export type UserRow = RowOf<typeof users>;

/** The tables of the users read model. */
export const USERS_TABLES = [users] as const;
