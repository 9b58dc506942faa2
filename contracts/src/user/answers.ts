/**
 * The staff answers: a user as the API returns it, and a pending access request. Answers are written
 * with zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply; this module imports no
 * zod classic (the bodies, in user.ts, do, and build their role enum from USER_ROLES here).
 */
import { z } from "zod/mini";

/** The three staff roles (docs/product.md, "Roles"). */
export const USER_ROLES = ["Partner", "Project Manager", "Creative Director"] as const;

/** A staff member as the API returns it; id is also the account id and the events' actor. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(USER_ROLES),
  approved: z.boolean(),
  requestedAt: z.string(),
  approvedAt: z.nullable(z.string()),
  approvedBy: z.nullable(z.uuid()),
});
export type User = z.infer<typeof User>;

/** GET /api/users/pending: a request, and when it re-applies after a rejection, when that was. */
export const PendingUser = z.extend(User, { previousRejectionAt: z.nullable(z.string()) });
export type PendingUser = z.infer<typeof PendingUser>;
