import { z } from "zod";

/** The three staff roles (docs/product.md, "Roles"). */
export const USER_ROLES = ["Partner", "Project Manager", "Creative Director"] as const;
export const UserRole = z.enum(USER_ROLES, { error: `Role is one of: ${USER_ROLES.join(", ")}` });
export type UserRole = z.infer<typeof UserRole>;

/** A staff member as the API returns it; id is also the account id and the events' actor. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: UserRole,
  approved: z.boolean(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.uuid().nullable(),
});
export type User = z.infer<typeof User>;

/** GET /api/users/pending: a request, and when it re-applies after a rejection, when that was. */
export const PendingUser = User.extend({ previousRejectionAt: z.string().nullable() });
export type PendingUser = z.infer<typeof PendingUser>;

/** How long a rejected person waits before asking for access again (decisions/040). */
export const REAPPLY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Body of POST /api/auth/register: the access request. */
export const RegisterBody = z.strictObject({
  displayName: z.string({ error: "Display name is required" }).trim().min(1, "Display name is required").max(100, "At most 100 characters"),
  role: UserRole,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Body of POST /api/users/:id/role (Partner only). */
export const ChangeRoleBody = z.strictObject({ role: UserRole });
