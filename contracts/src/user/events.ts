import { z } from "zod";
import { UserRole } from "./user.ts";

/** Someone signed in asked for access with a role; the request waits for a Partner. */
export const AccessRequested = z.object({
  userId: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: UserRole,
  /**
   * When this request follows a rejection: when that rejection was (the Partner sees a
   * re-application). Optional, so requests stored before it still parse as schema version 1
   * (decisions/021, decisions/040); absent on a first request.
   */
  previousRejectionAt: z.iso.datetime({ offset: true }).optional(),
});

/** approvedBy is null when no person approved: the bootstrap Partner or the `crm users create` CLI. */
export const UserApproved = z.object({
  userId: z.uuid(),
  approvedBy: z.uuid().nullable(),
});

/** The request is removed from the read models; the events stay for the audit. */
export const AccessRejected = z.object({
  userId: z.uuid(),
  rejectedBy: z.uuid().nullable(),
});

export const UserRoleChanged = z.object({
  userId: z.uuid(),
  from: UserRole,
  to: UserRole,
  changedBy: z.uuid().nullable(),
});

/**
 * A Partner invited a colleague by email (docs/product.md, "Team"). The user id is chosen now and
 * becomes the account's id when the invitation is accepted; the link's secret is never an event
 * (account-tokens.ts keeps only its hash).
 */
export const UserInvited = z.object({
  userId: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: UserRole,
  invitedBy: z.uuid().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** A Partner sent the invitation again: a new link, the old one no longer works. */
export const InvitationRenewed = z.object({
  userId: z.uuid(),
  renewedBy: z.uuid().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** A Partner withdrew an invitation that was not yet accepted; the row leaves the team list. */
export const InvitationRevoked = z.object({
  userId: z.uuid(),
  revokedBy: z.uuid().nullable(),
});

/** The colleague set a password through the invitation: the account exists and is active with the invited role. */
export const InvitationAccepted = z.object({
  userId: z.uuid(),
  displayName: z.string(),
});

/** A Partner let someone go: every session ends at once, sign-in is refused, the history stays. */
export const UserDeactivated = z.object({
  userId: z.uuid(),
  deactivatedBy: z.uuid().nullable(),
});

export const UserReactivated = z.object({
  userId: z.uuid(),
  reactivatedBy: z.uuid().nullable(),
});

/** The person changed their own profile: only the fields that changed are present. */
export const UserProfileChanged = z.object({
  userId: z.uuid(),
  displayName: z.string().optional(),
  timeZone: z.string().nullable().optional(),
  signature: z.string().optional(),
});

/** The first Partner of an empty system, claimed once in the system-bootstrap stream. */
export const SystemBootstrapped = z.object({
  partnerId: z.uuid(),
});

export const userEvents = {
  AccessRequested,
  UserApproved,
  AccessRejected,
  UserRoleChanged,
  SystemBootstrapped,
  UserInvited,
  InvitationRenewed,
  InvitationRevoked,
  InvitationAccepted,
  UserDeactivated,
  UserReactivated,
  UserProfileChanged,
} as const;
