import { ConflictError, NotFoundError, RetryLaterError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import { LAST_PARTNER, REAPPLY_AFTER_MS, type User, type UserRole } from "@crm/contracts/user/user";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const USER_EVENT_TYPES = [
  "AccessRequested",
  "UserApproved",
  "AccessRejected",
  "UserRoleChanged",
  "UserInvited",
  "InvitationRenewed",
  "InvitationRevoked",
  "InvitationAccepted",
  "UserDeactivated",
  "UserReactivated",
  "UserProfileChanged",
] as const;
export type UserEvent = EventOf<(typeof USER_EVENT_TYPES)[number]>;

/** Who the person is, whatever their status: what they asked for or were invited as, and their own profile. */
interface Person {
  id: string;
  email: string;
  displayName: string;
  role: UserRole;
  /** When they asked for access, or were invited. */
  requestedAt: string;
  timeZone: string | null;
  signature: string;
}

export type UserState =
  | { status: "none" }
  | ({ status: "invited"; invitedBy: string | null; expiresAt: string } & Person)
  | ({ status: "pending" } & Person)
  | ({ status: "approved"; approvedAt: string; approvedBy: string | null; deactivated: boolean } & Person)
  | ({ status: "rejected"; rejectedAt: string } & Person)
  | ({ status: "withdrawn" } & Person);

/**
 * How a request is approved: by a Partner later ("none"), at once as the first Partner of an
 * empty system ("bootstrap", the caller holds the bootstrap claim), or at once by an operator (CLI).
 */
export type Approval = "none" | "bootstrap" | "operator";

/**
 * The commands that can take a Partner out of the active Partners carry how many other active
 * Partners there are (counted by the caller from their streams, partners.ts): the agency must keep one.
 */
export type UserCommand =
  | { type: "RequestAccess"; userId: string; email: string; displayName: string; role: UserRole; approval: Approval; at: string }
  | { type: "ApproveUser"; userId: string; approvedBy: string | null }
  | { type: "RejectUser"; userId: string; rejectedBy: string | null }
  | { type: "ChangeUserRole"; userId: string; role: UserRole; changedBy: string | null; otherActivePartners: number }
  | { type: "InviteUser"; userId: string; email: string; displayName: string; role: UserRole; invitedBy: string | null; expiresAt: string }
  | { type: "RenewInvitation"; userId: string; renewedBy: string | null; expiresAt: string }
  | { type: "RevokeInvitation"; userId: string; revokedBy: string | null }
  | { type: "AcceptInvitation"; userId: string; displayName?: string | undefined; at: string }
  | { type: "DeactivateUser"; userId: string; deactivatedBy: string | null; otherActivePartners: number }
  | { type: "ReactivateUser"; userId: string; reactivatedBy: string | null }
  | {
      type: "ChangeProfile";
      userId: string;
      displayName?: string | undefined;
      timeZone?: string | null | undefined;
      signature?: string | undefined;
    };

export const initialState: UserState = { status: "none" };

const personOf = (data: { userId: string; email: string; displayName: string; role: UserRole }, at: string): Person => ({
  id: data.userId,
  email: data.email,
  displayName: data.displayName,
  role: data.role,
  requestedAt: at,
  timeZone: null,
  signature: "",
});

export function evolve(state: UserState, event: EventEnvelope<UserEvent>): UserState {
  const at = event.metadata.at;
  switch (event.type) {
    case "AccessRequested":
      return { status: "pending", ...personOf(event.data, at) };
    case "UserInvited":
      return { status: "invited", ...personOf(event.data, at), invitedBy: event.data.invitedBy, expiresAt: event.data.expiresAt };
    case "UserApproved":
      return state.status === "pending"
        ? { ...state, status: "approved", approvedAt: at, approvedBy: event.data.approvedBy, deactivated: false }
        : state;
    case "InvitationRenewed":
      return state.status === "invited" ? { ...state, expiresAt: event.data.expiresAt } : state;
    case "InvitationRevoked":
      return state.status === "invited" ? { ...state, status: "withdrawn" } : state;
    case "InvitationAccepted": {
      if (state.status !== "invited") return state;
      const { invitedBy, expiresAt: _expiresAt, ...person } = state;
      return {
        ...person,
        displayName: event.data.displayName,
        status: "approved",
        approvedAt: at,
        approvedBy: invitedBy,
        deactivated: false,
      };
    }
    case "AccessRejected":
      return state.status === "pending" ? { ...state, status: "rejected", rejectedAt: at } : state;
    case "UserRoleChanged":
      return state.status === "none" ? state : { ...state, role: event.data.to };
    case "UserDeactivated":
      return state.status === "approved" ? { ...state, deactivated: true } : state;
    case "UserReactivated":
      return state.status === "approved" ? { ...state, deactivated: false } : state;
    case "UserProfileChanged": {
      if (state.status === "none") return state;
      const { displayName, timeZone, signature } = event.data;
      return {
        ...state,
        ...(displayName !== undefined ? { displayName } : {}),
        ...(timeZone !== undefined ? { timeZone } : {}),
        ...(signature !== undefined ? { signature } : {}),
      };
    }
  }
}

/** "2026-11-27 10:00 UTC": the same for every reader, whatever their time zone. */
const utc = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A rejected person may ask again REAPPLY_AFTER_MS after the rejection, not before. */
function assertMayReapply(rejectedAt: string, at: string) {
  const from = Date.parse(rejectedAt) + REAPPLY_AFTER_MS;
  const waitMs = from - Date.parse(at);
  if (waitMs <= 0) return;
  const detail = `Your request for access was declined on ${utc(rejectedAt)}. You may ask again from ${utc(new Date(from).toISOString())}.`;
  throw new RetryLaterError(429, "Too soon", detail, Math.ceil(waitMs / 1000));
}

type Command<T extends UserCommand["type"]> = Extract<UserCommand, { type: T }>;

function requestAccess(command: Command<"RequestAccess">, state: UserState): UserEvent[] {
  if (state.status === "pending" || state.status === "approved" || state.status === "invited")
    throw new ConflictError("You have already requested access.");
  if (state.status === "rejected") assertMayReapply(state.rejectedAt, command.at);
  const { userId, email, displayName, approval } = command;
  // The first account of an empty system runs it: it must be able to approve everyone else.
  const role = approval === "bootstrap" ? "Partner" : command.role;
  const reapplying = state.status === "rejected" ? { previousRejectionAt: state.rejectedAt } : {};
  const requested: UserEvent = { type: "AccessRequested", data: { userId, email, displayName, role, ...reapplying } };
  return approval === "none" ? [requested] : [requested, { type: "UserApproved", data: { userId, approvedBy: null } }];
}

function approveUser(command: Command<"ApproveUser">, state: UserState): UserEvent[] {
  if (state.status === "approved") return [];
  if (state.status !== "pending") throw new NotFoundError("Access request");
  return [{ type: "UserApproved", data: { userId: command.userId, approvedBy: command.approvedBy } }];
}

function rejectUser(command: Command<"RejectUser">, state: UserState): UserEvent[] {
  if (state.status === "approved") throw new ConflictError("This user is already approved; change their role instead.");
  if (state.status !== "pending") throw new NotFoundError("Access request");
  return [{ type: "AccessRejected", data: { userId: command.userId, rejectedBy: command.rejectedBy } }];
}

/** Refuses a change that would take the last active Partner out of the active Partners. */
function assertKeepsAPartner(state: Extract<UserState, { status: "approved" }>, otherActivePartners: number) {
  if (state.role === "Partner" && !state.deactivated && otherActivePartners === 0) throw new ConflictError(LAST_PARTNER);
}

function changeUserRole(command: Command<"ChangeUserRole">, state: UserState): UserEvent[] {
  if (state.status !== "approved") throw new NotFoundError("User");
  if (command.role === state.role) return [];
  if (command.role !== "Partner") assertKeepsAPartner(state, command.otherActivePartners);
  return [{ type: "UserRoleChanged", data: { userId: command.userId, from: state.role, to: command.role, changedBy: command.changedBy } }];
}

function inviteUser(command: Command<"InviteUser">, state: UserState): UserEvent[] {
  if (state.status !== "none" && state.status !== "withdrawn") throw new ConflictError("This person has already been invited.");
  const { type: _type, ...data } = command;
  return [{ type: "UserInvited", data }];
}

function renewInvitation(command: Command<"RenewInvitation">, state: UserState): UserEvent[] {
  if (state.status === "approved") throw new ConflictError("This invitation has already been accepted.");
  if (state.status !== "invited") throw new NotFoundError("Invitation");
  const { userId, renewedBy, expiresAt } = command;
  return [{ type: "InvitationRenewed", data: { userId, renewedBy, expiresAt } }];
}

function revokeInvitation(command: Command<"RevokeInvitation">, state: UserState): UserEvent[] {
  if (state.status === "withdrawn") return [];
  if (state.status === "approved") throw new ConflictError("This invitation has already been accepted; deactivate the account instead.");
  if (state.status !== "invited") throw new NotFoundError("Invitation");
  return [{ type: "InvitationRevoked", data: { userId: command.userId, revokedBy: command.revokedBy } }];
}

function acceptInvitation(command: Command<"AcceptInvitation">, state: UserState): UserEvent[] {
  if (state.status !== "invited" || Date.parse(state.expiresAt) <= Date.parse(command.at)) throw new NotFoundError("Invitation");
  return [{ type: "InvitationAccepted", data: { userId: command.userId, displayName: command.displayName ?? state.displayName } }];
}

function deactivateUser(command: Command<"DeactivateUser">, state: UserState): UserEvent[] {
  if (state.status !== "approved") throw new NotFoundError("User");
  if (state.deactivated) return [];
  assertKeepsAPartner(state, command.otherActivePartners);
  return [{ type: "UserDeactivated", data: { userId: command.userId, deactivatedBy: command.deactivatedBy } }];
}

function reactivateUser(command: Command<"ReactivateUser">, state: UserState): UserEvent[] {
  if (state.status !== "approved") throw new NotFoundError("User");
  if (!state.deactivated) return [];
  return [{ type: "UserReactivated", data: { userId: command.userId, reactivatedBy: command.reactivatedBy } }];
}

function changeProfile(command: Command<"ChangeProfile">, state: UserState): UserEvent[] {
  if (state.status !== "approved" || state.deactivated) throw new NotFoundError("User");
  const changed = {
    ...(command.displayName !== undefined && command.displayName !== state.displayName ? { displayName: command.displayName } : {}),
    ...(command.timeZone !== undefined && command.timeZone !== state.timeZone ? { timeZone: command.timeZone } : {}),
    ...(command.signature !== undefined && command.signature !== state.signature ? { signature: command.signature } : {}),
  };
  return Object.keys(changed).length === 0 ? [] : [{ type: "UserProfileChanged", data: { userId: command.userId, ...changed } }];
}

export const decide = decideBy<UserCommand, UserState, UserEvent>({
  RequestAccess: requestAccess,
  ApproveUser: approveUser,
  RejectUser: rejectUser,
  ChangeUserRole: changeUserRole,
  InviteUser: inviteUser,
  RenewInvitation: renewInvitation,
  RevokeInvitation: revokeInvitation,
  AcceptInvitation: acceptInvitation,
  DeactivateUser: deactivateUser,
  ReactivateUser: reactivateUser,
  ChangeProfile: changeProfile,
});

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState,
  eventTypes: USER_EVENT_TYPES,
  evolve,
  decide,
};

/** The API status of a state with a person behind it. */
function statusOf(state: Exclude<UserState, { status: "none" | "rejected" | "withdrawn" }>): User["status"] {
  if (state.status === "approved") return state.deactivated ? "deactivated" : "active";
  return state.status;
}

/**
 * The API shape of a user, or null when there is no live request or account (none yet, rejected,
 * or a withdrawn invitation). An invited person is a user too: the team list shows them.
 */
export function toUser(state: UserState): User | null {
  if (state.status === "none" || state.status === "rejected" || state.status === "withdrawn") return null;
  const { id, email, displayName, role, requestedAt } = state;
  const approved = state.status === "approved";
  return {
    id,
    email,
    displayName,
    role,
    approved,
    status: statusOf(state),
    requestedAt,
    approvedAt: approved ? state.approvedAt : null,
    approvedBy: approved ? state.approvedBy : null,
  };
}
