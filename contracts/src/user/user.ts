import { z } from "zod";
import { USER_ROLES } from "./answers.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { PendingUser, User, USER_ROLES } from "./answers.ts";

export const UserRole = z.enum(USER_ROLES, { error: `Role is one of: ${USER_ROLES.join(", ")}` });
export type UserRole = z.infer<typeof UserRole>;

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
