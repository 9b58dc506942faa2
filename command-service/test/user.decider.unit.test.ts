import { describe, expect, it } from "vitest";
import { RetryLaterError } from "@crm/contracts/api/errors";
import { decide, evolve, initialState, toUser, type UserCommand, type UserEvent, type UserState } from "../src/user/user.decider.ts";

const USER = "3f0c9a52-1b6e-4f8e-9d1a-7c2b5e4d3a10";
const PARTNER = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const metadata = { actor: USER, at: "2026-11-21T10:00:00.000Z", commandId: "c-1", correlationId: "c-1" };

/** given(events, each at metadata.at unless paired with its own time) / when(command) / then(events | error) */
const given = (events: (UserEvent | [UserEvent, string])[]): UserState =>
  events
    .map((e) => (Array.isArray(e) ? { ...e[0], metadata: { ...metadata, at: e[1] } } : { ...e, metadata }) as Parameters<typeof evolve>[1])
    .reduce(evolve, initialState);
const when = (state: UserState, command: UserCommand) => () => decide(command, state);

const request = (
  role: "Partner" | "Project Manager" | "Creative Director",
  approval: "none" | "bootstrap" | "operator" = "none",
  at = metadata.at,
): UserCommand => ({
  type: "RequestAccess",
  userId: USER,
  email: "ada@example.com",
  displayName: "Ada",
  role,
  approval,
  at,
});
const requested: UserEvent = {
  type: "AccessRequested",
  data: { userId: USER, email: "ada@example.com", displayName: "Ada", role: "Project Manager" },
};
const approved: UserEvent = { type: "UserApproved", data: { userId: USER, approvedBy: PARTNER } };

describe("user decider", () => {
  it("records an access request with the chosen role, waiting for a Partner", () => {
    expect(when(given([]), request("Project Manager"))()).toEqual([requested]);
  });

  it("approves the bootstrap account at once as Partner whatever role it asked for", () => {
    expect(when(given([]), request("Creative Director", "bootstrap"))()).toEqual([
      { type: "AccessRequested", data: { ...requested.data, role: "Partner" } },
      { type: "UserApproved", data: { userId: USER, approvedBy: null } },
    ]);
  });

  it("approves an operator-created account at once with its own role", () => {
    expect(when(given([]), request("Creative Director", "operator"))()).toEqual([
      { type: "AccessRequested", data: { ...requested.data, role: "Creative Director" } },
      { type: "UserApproved", data: { userId: USER, approvedBy: null } },
    ]);
  });

  it("refuses a second request while one is pending or approved", () => {
    expect(when(given([requested]), request("Partner"))).toThrow(/already requested/);
    expect(when(given([requested, approved]), request("Partner"))).toThrow(/already requested/);
  });

  it("lets a rejected person ask again 24 hours after the rejection, marked as a re-application", () => {
    const rejected: UserEvent = { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } };
    const rejectedAt = "2026-11-21T12:00:00.000Z";
    const state = given([requested, [rejected, rejectedAt]]);
    expect(when(state, request("Project Manager", "none", "2026-11-22T12:00:00.000Z"))()).toEqual([
      { type: "AccessRequested", data: { ...requested.data, previousRejectionAt: rejectedAt } },
    ]);
  });

  it("refuses a re-application within 24 hours of the rejection, saying from when it may come", () => {
    const rejected: UserEvent = { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } };
    const state = given([requested, [rejected, "2026-11-21T12:00:00.000Z"]]);
    const refusal = (() => {
      try {
        return when(state, request("Project Manager", "none", "2026-11-21T13:00:00.000Z"))();
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RetryLaterError);
    expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 23 * 3600 });
    expect((refusal as Error).message).toMatch(/declined on 2026-11-21 12:00 UTC.*ask again from 2026-11-22 12:00 UTC/);
    expect(when(state, request("Project Manager", "none", "2026-11-22T11:59:59.000Z"))).toThrow(/ask again from/);
  });

  it("approves a pending request, and approving twice decides nothing", () => {
    expect(when(given([requested]), { type: "ApproveUser", userId: USER, approvedBy: PARTNER })()).toEqual([approved]);
    expect(when(given([requested, approved]), { type: "ApproveUser", userId: USER, approvedBy: PARTNER })()).toEqual([]);
  });

  it("answers not found when approving or rejecting without a request", () => {
    expect(when(given([]), { type: "ApproveUser", userId: USER, approvedBy: PARTNER })).toThrow(/not found/);
    expect(when(given([]), { type: "RejectUser", userId: USER, rejectedBy: PARTNER })).toThrow(/not found/);
  });

  it("rejects a pending request but not an approved user", () => {
    expect(when(given([requested]), { type: "RejectUser", userId: USER, rejectedBy: PARTNER })()).toEqual([
      { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } },
    ]);
    expect(when(given([requested, approved]), { type: "RejectUser", userId: USER, rejectedBy: PARTNER })).toThrow(/already approved/);
  });

  it("changes an approved user's role, never one's own", () => {
    const state = given([requested, approved]);
    expect(when(state, { type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: PARTNER })()).toEqual([
      { type: "UserRoleChanged", data: { userId: USER, from: "Project Manager", to: "Partner", changedBy: PARTNER } },
    ]);
    expect(when(state, { type: "ChangeUserRole", userId: USER, role: "Project Manager", changedBy: PARTNER })()).toEqual([]);
    expect(when(state, { type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: USER })).toThrow(/own role/);
    expect(when(given([requested]), { type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: PARTNER })).toThrow(/not found/);
  });

  it("shows the user as the API returns it, and nothing once rejected", () => {
    expect(toUser(given([requested, approved]))).toEqual({
      id: USER,
      email: "ada@example.com",
      displayName: "Ada",
      role: "Project Manager",
      approved: true,
      requestedAt: metadata.at,
      approvedAt: metadata.at,
      approvedBy: PARTNER,
    });
    expect(toUser(given([requested]))).toMatchObject({ approved: false, approvedAt: null, approvedBy: null });
    expect(toUser(given([requested, { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } }]))).toBeNull();
  });
});
