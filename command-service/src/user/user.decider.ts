import { ConflictError, ForbiddenError, NotFoundError, RetryLaterError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import { REAPPLY_AFTER_MS, type User, type UserRole } from "@crm/contracts/user/user";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const USER_EVENT_TYPES = ["AccessRequested", "UserApproved", "AccessRejected", "UserRoleChanged"] as const;
export type UserEvent = EventOf<(typeof USER_EVENT_TYPES)[number]>;

interface Request {
  id: string;
  email: string;
  displayName: string;
  role: UserRole;
  requestedAt: string;
}

export type UserState =
  | { status: "none" }
  | ({ status: "pending" } & Request)
  | ({ status: "approved"; approvedAt: string; approvedBy: string | null } & Request)
  | ({ status: "rejected"; rejectedAt: string } & Request);

/**
 * How a request is approved: by a Partner later ("none"), at once as the first Partner of an
 * empty system ("bootstrap", the caller holds the bootstrap claim), or at once by an operator (CLI).
 */
export type Approval = "none" | "bootstrap" | "operator";

export type UserCommand =
  | { type: "RequestAccess"; userId: string; email: string; displayName: string; role: UserRole; approval: Approval; at: string }
  | { type: "ApproveUser"; userId: string; approvedBy: string | null }
  | { type: "RejectUser"; userId: string; rejectedBy: string | null }
  | { type: "ChangeUserRole"; userId: string; role: UserRole; changedBy: string | null };

export const initialState: UserState = { status: "none" };

export function evolve(state: UserState, event: EventEnvelope<UserEvent>): UserState {
  const at = event.metadata.at;
  switch (event.type) {
    case "AccessRequested": {
      const { userId, email, displayName, role } = event.data;
      return { status: "pending", id: userId, email, displayName, role, requestedAt: at };
    }
    case "UserApproved":
      return state.status === "pending" ? { ...state, status: "approved", approvedAt: at, approvedBy: event.data.approvedBy } : state;
    case "AccessRejected":
      return state.status === "pending" ? { ...state, status: "rejected", rejectedAt: at } : state;
    case "UserRoleChanged":
      return state.status === "none" ? state : { ...state, role: event.data.to };
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

function requestAccess(command: Extract<UserCommand, { type: "RequestAccess" }>, state: UserState): UserEvent[] {
  if (state.status === "pending" || state.status === "approved") throw new ConflictError("You have already requested access.");
  if (state.status === "rejected") assertMayReapply(state.rejectedAt, command.at);
  const { userId, email, displayName, approval } = command;
  // The first account of an empty system runs it: it must be able to approve everyone else.
  const role = approval === "bootstrap" ? "Partner" : command.role;
  const reapplying = state.status === "rejected" ? { previousRejectionAt: state.rejectedAt } : {};
  const requested: UserEvent = { type: "AccessRequested", data: { userId, email, displayName, role, ...reapplying } };
  return approval === "none" ? [requested] : [requested, { type: "UserApproved", data: { userId, approvedBy: null } }];
}

function approveUser(command: Extract<UserCommand, { type: "ApproveUser" }>, state: UserState): UserEvent[] {
  if (state.status === "approved") return [];
  if (state.status !== "pending") throw new NotFoundError("Access request");
  return [{ type: "UserApproved", data: { userId: command.userId, approvedBy: command.approvedBy } }];
}

function rejectUser(command: Extract<UserCommand, { type: "RejectUser" }>, state: UserState): UserEvent[] {
  if (state.status === "approved") throw new ConflictError("This user is already approved; change their role instead.");
  if (state.status !== "pending") throw new NotFoundError("Access request");
  return [{ type: "AccessRejected", data: { userId: command.userId, rejectedBy: command.rejectedBy } }];
}

function changeUserRole(command: Extract<UserCommand, { type: "ChangeUserRole" }>, state: UserState): UserEvent[] {
  if (state.status !== "approved") throw new NotFoundError("User");
  // Demoting yourself could leave the system without a Partner to approve anyone.
  if (command.changedBy === command.userId) throw new ForbiddenError("You cannot change your own role.");
  if (command.role === state.role) return [];
  return [{ type: "UserRoleChanged", data: { userId: command.userId, from: state.role, to: command.role, changedBy: command.changedBy } }];
}

export const decide = decideBy<UserCommand, UserState, UserEvent>({
  RequestAccess: requestAccess,
  ApproveUser: approveUser,
  RejectUser: rejectUser,
  ChangeUserRole: changeUserRole,
});

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState,
  eventTypes: USER_EVENT_TYPES,
  evolve,
  decide,
};

/** The API shape of a user, or null when there is no live request (none yet, or rejected). */
export function toUser(state: UserState): User | null {
  if (state.status === "none" || state.status === "rejected") return null;
  const { id, email, displayName, role, requestedAt } = state;
  const approved = state.status === "approved";
  return {
    id,
    email,
    displayName,
    role,
    approved,
    requestedAt,
    approvedAt: approved ? state.approvedAt : null,
    approvedBy: approved ? state.approvedBy : null,
  };
}
