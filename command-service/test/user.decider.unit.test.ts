import { describe, expect, it } from "vitest";
import { RetryLaterError } from "@crm/contracts/api/errors";
import { toUser, userDecider, type UserCommand, type UserEvent } from "../src/user/user.decider.ts";
import { expectDecision, GIVEN_METADATA } from "./support/decider-kit.ts";

const USER = "3f0c9a52-1b6e-4f8e-9d1a-7c2b5e4d3a10";
const PARTNER = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const user = expectDecision(userDecider);

const request = (
  role: "Partner" | "Project Manager" | "Creative Director",
  approval: "none" | "bootstrap" | "operator" = "none",
  at = GIVEN_METADATA.at,
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
    user.given([]).when(request("Project Manager")).thenEvents([requested]);
  });

  it.each([
    ["the bootstrap account at once as Partner whatever role it asked for", "bootstrap", "Partner"],
    ["an operator-created account at once with its own role", "operator", "Creative Director"],
  ] as const)("approves %s", (_account, via, role) => {
    user
      .given([])
      .when(request("Creative Director", via))
      .thenEvents([
        { type: "AccessRequested", data: { ...requested.data, role } },
        { type: "UserApproved", data: { userId: USER, approvedBy: null } },
      ]);
  });

  it("refuses a second request while one is pending or approved", () => {
    user
      .given([requested])
      .when(request("Partner"))
      .thenThrows(/already requested/);
    user
      .given([requested, approved])
      .when(request("Partner"))
      .thenThrows(/already requested/);
  });

  it("lets a rejected person ask again 24 hours after the rejection, marked as a re-application", () => {
    const rejected: UserEvent = { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } };
    const rejectedAt = "2026-11-21T12:00:00.000Z";
    const state = user.given([requested, [rejected, { at: rejectedAt }]]).state;
    user
      .from(state)
      .when(request("Project Manager", "none", "2026-11-22T12:00:00.000Z"))
      .thenEvents([{ type: "AccessRequested", data: { ...requested.data, previousRejectionAt: rejectedAt } }]);
  });

  it("refuses a re-application within 24 hours of the rejection, saying from when it may come", () => {
    const rejected: UserEvent = { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } };
    const state = user.given([requested, [rejected, { at: "2026-11-21T12:00:00.000Z" }]]).state;
    const refusal = (() => {
      try {
        return user.from(state).when(request("Project Manager", "none", "2026-11-21T13:00:00.000Z")).events;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RetryLaterError);
    expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 23 * 3600 });
    expect((refusal as Error).message).toMatch(/declined on 2026-11-21 12:00 UTC.*ask again from 2026-11-22 12:00 UTC/);
    user
      .from(state)
      .when(request("Project Manager", "none", "2026-11-22T11:59:59.000Z"))
      .thenThrows(/ask again from/);
  });

  it("approves a pending request, and approving twice decides nothing", () => {
    user.given([requested]).when({ type: "ApproveUser", userId: USER, approvedBy: PARTNER }).thenEvents([approved]);
    user.given([requested, approved]).when({ type: "ApproveUser", userId: USER, approvedBy: PARTNER }).thenEvents([]);
  });

  it("answers not found when approving or rejecting without a request", () => {
    user
      .given([])
      .when({ type: "ApproveUser", userId: USER, approvedBy: PARTNER })
      .thenThrows(/not found/);
    user
      .given([])
      .when({ type: "RejectUser", userId: USER, rejectedBy: PARTNER })
      .thenThrows(/not found/);
  });

  it("rejects a pending request but not an approved user", () => {
    user
      .given([requested])
      .when({ type: "RejectUser", userId: USER, rejectedBy: PARTNER })
      .thenEvents([{ type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } }]);
    user
      .given([requested, approved])
      .when({ type: "RejectUser", userId: USER, rejectedBy: PARTNER })
      .thenThrows(/already approved/);
  });

  it("changes an approved user's role, never one's own", () => {
    const state = user.given([requested, approved]).state;
    user
      .from(state)
      .when({ type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: PARTNER })
      .thenEvents([{ type: "UserRoleChanged", data: { userId: USER, from: "Project Manager", to: "Partner", changedBy: PARTNER } }]);
    user.from(state).when({ type: "ChangeUserRole", userId: USER, role: "Project Manager", changedBy: PARTNER }).thenEvents([]);
    user
      .from(state)
      .when({ type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: USER })
      .thenThrows(/own role/);
    user
      .given([requested])
      .when({ type: "ChangeUserRole", userId: USER, role: "Partner", changedBy: PARTNER })
      .thenThrows(/not found/);
  });

  it("shows the user as the API returns it, and nothing once rejected", () => {
    expect(toUser(user.given([requested, approved]).state)).toEqual({
      id: USER,
      email: "ada@example.com",
      displayName: "Ada",
      role: "Project Manager",
      approved: true,
      requestedAt: GIVEN_METADATA.at,
      approvedAt: GIVEN_METADATA.at,
      approvedBy: PARTNER,
    });
    expect(toUser(user.given([requested]).state)).toMatchObject({ approved: false, approvedAt: null, approvedBy: null });
    expect(toUser(user.given([requested, { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } }]).state)).toBeNull();
  });
});
