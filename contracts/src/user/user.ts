// The answers live in answers.ts and the bodies in commands.ts (zod/mini, for the browser); the server may still import them from here.
export { PendingUser, Profile, TeamMember, User, USER_ROLES, USER_STATUSES, type UserStatus } from "./answers.ts";
export { ChangeRoleBody, InviteBody, ProfileBody, RegisterBody, UserRole } from "./commands.ts";

/** How long a rejected person waits before asking for access again (decisions/040). */
export const REAPPLY_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long an invitation's link works (docs/product.md, "Team"). */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a password-reset link works. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Refused when the change would leave the agency without an active Partner to run it. */
export const LAST_PARTNER =
  "This is the agency's last active Partner: make another colleague a Partner first, so someone can still manage the team.";
