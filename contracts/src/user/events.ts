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
} as const;
