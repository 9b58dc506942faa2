/**
 * The staff answers: a user as the API returns it, a pending access request, the Team page's member,
 * a profile and an invitation as its link shows it. Answers are written with zod/mini (tree-shakable,
 * a few KB) so the browser can parse them cheaply; this module imports no zod classic (the server-only
 * bodies, in user.ts, do, and build their role enum from USER_ROLES here).
 */
import { z } from "zod/mini";

/** The staff roles (docs/product.md, "Roles"): an Auditor reads everything and changes nothing. */
export const USER_ROLES = ["Partner", "Project Manager", "Creative Director", "Auditor"] as const;

/**
 * Where an account stands (docs/product.md, "Team"): invited by a Partner and not yet accepted,
 * asked for access and waiting, active, or deactivated (signed out everywhere, history kept).
 */
export const USER_STATUSES = ["invited", "pending", "active", "deactivated"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A staff member as the API returns it; id is also the account id and the events' actor. */
export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(USER_ROLES),
  /** True once a Partner (or the bootstrap, or an accepted invitation) let them in; stays true when deactivated. */
  approved: z.boolean(),
  status: z.enum(USER_STATUSES),
  requestedAt: z.string(),
  approvedAt: z.nullable(z.string()),
  approvedBy: z.nullable(z.uuid()),
});
export type User = z.infer<typeof User>;

/** GET /api/users/pending: a request, and when it re-applies after a rejection, when that was. */
export const PendingUser = z.extend(User, { previousRejectionAt: z.nullable(z.string()) });
export type PendingUser = z.infer<typeof PendingUser>;

/** GET /api/users/team: every account a Partner manages, with its last sign-in and an open invitation's expiry. */
export const TeamMember = z.extend(User, {
  lastSignInAt: z.nullable(z.string()),
  /** When the open invitation's link stops working; null unless status is "invited". */
  inviteExpiresAt: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** GET /api/profile: what the signed-in person may change about themselves. */
export const Profile = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(USER_ROLES),
  /** An IANA zone ("Europe/Paris"); null follows the agency's time zone. */
  timeZone: z.nullable(z.string()),
  /** Plain text appended to the mails this person sends; empty for none. */
  signature: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** GET /api/auth/invites/{token}: what the invitation page shows before the password is set (the token is not spent). */
export const InviteDetails = z.object({
  email: z.string(),
  displayName: z.string(),
  role: z.enum(USER_ROLES),
  invitedBy: z.nullable(z.string()),
  agencyName: z.string(),
  expiresAt: z.string(),
});
export type InviteDetails = z.infer<typeof InviteDetails>;
