import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, RetryLaterError } from "@crm/contracts/api/errors";
import { LAST_PARTNER, type UserRole } from "@crm/contracts/user/user";
import { toUser, userDecider, type UserCommand, type UserEvent } from "../src/user/user.decider.ts";
import { expectDecision, GIVEN_METADATA } from "./support/decider-kit.ts";

const USER = "3f0c9a52-1b6e-4f8e-9d1a-7c2b5e4d3a10";
const PARTNER = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const user = expectDecision(userDecider);

const request = (role: UserRole, approval: "none" | "bootstrap" | "operator" = "none", at = GIVEN_METADATA.at): UserCommand => ({
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
const toPartner: UserEvent = {
  type: "UserRoleChanged",
  data: { userId: USER, from: "Project Manager", to: "Partner", changedBy: PARTNER },
};
const deactivated: UserEvent = { type: "UserDeactivated", data: { userId: USER, deactivatedBy: PARTNER } };
const reactivated: UserEvent = { type: "UserReactivated", data: { userId: USER, reactivatedBy: PARTNER } };

/** An invitation made at GIVEN_METADATA.at, open for a week. */
const EXPIRES = "2026-11-28T10:00:00.000Z";
const AFTER_EXPIRY = "2026-11-29T10:00:00.000Z";
const LATER = "2026-12-05T10:00:00.000Z";
const invite: UserCommand = {
  type: "InviteUser",
  userId: USER,
  email: "grace@example.com",
  displayName: "Grace",
  role: "Creative Director",
  invitedBy: PARTNER,
  expiresAt: EXPIRES,
};
const invited: UserEvent = {
  type: "UserInvited",
  data: {
    userId: USER,
    email: "grace@example.com",
    displayName: "Grace",
    role: "Creative Director",
    invitedBy: PARTNER,
    expiresAt: EXPIRES,
  },
};
const revoked: UserEvent = { type: "InvitationRevoked", data: { userId: USER, revokedBy: PARTNER } };
const accepted: UserEvent = { type: "InvitationAccepted", data: { userId: USER, displayName: "Grace" } };

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

  it("changes an approved user's role, and a Partner's own role too", () => {
    const state = user.given([requested, approved]).state;
    const change = (role: UserRole, changedBy = PARTNER, otherActivePartners = 1): UserCommand => ({
      type: "ChangeUserRole",
      userId: USER,
      role,
      changedBy,
      otherActivePartners,
    });
    user
      .from(state)
      .when(change("Partner"))
      .thenEvents([{ type: "UserRoleChanged", data: { userId: USER, from: "Project Manager", to: "Partner", changedBy: PARTNER } }]);
    user.from(state).when(change("Project Manager")).thenEvents([]);
    user
      .given([requested])
      .when(change("Partner"))
      .thenThrows(/not found/);
    // A Partner demotes themselves while another Partner remains.
    const partner = user.given([requested, approved, toPartner]).state;
    user
      .from(partner)
      .when(change("Creative Director", USER, 1))
      .thenEvents([{ type: "UserRoleChanged", data: { userId: USER, from: "Partner", to: "Creative Director", changedBy: USER } }]);
  });

  it("makes an Auditor by invitation, by a role change or on request; the bootstrap account is a Partner even if it asked to audit", () => {
    user
      .given([])
      .when({ ...invite, role: "Auditor" })
      .thenEvents([{ type: "UserInvited", data: { ...invited.data, role: "Auditor" } }]);
    user
      .given([requested, approved])
      .when({ type: "ChangeUserRole", userId: USER, role: "Auditor", changedBy: PARTNER, otherActivePartners: 1 })
      .thenEvents([{ type: "UserRoleChanged", data: { userId: USER, from: "Project Manager", to: "Auditor", changedBy: PARTNER } }]);
    user
      .given([])
      .when(request("Auditor"))
      .thenEvents([{ type: "AccessRequested", data: { ...requested.data, role: "Auditor" } }]);
    user
      .given([])
      .when(request("Auditor", "bootstrap"))
      .thenEvents([
        { type: "AccessRequested", data: { ...requested.data, role: "Partner" } },
        { type: "UserApproved", data: { userId: USER, approvedBy: null } },
      ]);
    // The last Partner cannot hand the agency to an Auditor, who could approve nobody.
    user
      .given([requested, approved, toPartner])
      .when({ type: "ChangeUserRole", userId: USER, role: "Auditor", changedBy: USER, otherActivePartners: 0 })
      .thenThrows(ConflictError);
  });

  it("refuses to take the last active Partner out of the Partners (409), by a role change or a deactivation", () => {
    const partner = user.given([requested, approved, toPartner]).state;
    const refused = (command: UserCommand) => {
      try {
        return user.from(partner).when(command).events;
      } catch (error) {
        return error;
      }
    };
    for (const command of [
      { type: "ChangeUserRole", userId: USER, role: "Project Manager", changedBy: USER, otherActivePartners: 0 },
      { type: "ChangeUserRole", userId: USER, role: "Creative Director", changedBy: PARTNER, otherActivePartners: 0 },
      { type: "DeactivateUser", userId: USER, deactivatedBy: PARTNER, otherActivePartners: 0 },
    ] as const) {
      expect(refused(command)).toBeInstanceOf(ConflictError);
      expect(refused(command)).toMatchObject({ status: 409, message: LAST_PARTNER });
    }
    // Not a Partner, or already deactivated: there is nothing to keep.
    const manager = user.given([requested, approved]).state;
    user
      .from(manager)
      .when({ type: "DeactivateUser", userId: USER, deactivatedBy: PARTNER, otherActivePartners: 0 })
      .thenEvents([deactivated]);
    const gone = user.given([requested, approved, toPartner, deactivated]).state;
    user
      .from(gone)
      .when({ type: "ChangeUserRole", userId: USER, role: "Project Manager", changedBy: PARTNER, otherActivePartners: 0 })
      .thenEvents([{ type: "UserRoleChanged", data: { userId: USER, from: "Partner", to: "Project Manager", changedBy: PARTNER } }]);
  });

  it("deactivates and reactivates an approved account, each once", () => {
    const state = user.given([requested, approved, toPartner]).state;
    const deactivate: UserCommand = { type: "DeactivateUser", userId: USER, deactivatedBy: PARTNER, otherActivePartners: 1 };
    user.from(state).when(deactivate).thenEvents([deactivated]);
    const off = user.given([requested, approved, toPartner, deactivated]).state;
    expect(toUser(off)).toMatchObject({ status: "deactivated", approved: true, role: "Partner" });
    user.from(off).when(deactivate).thenEvents([]);
    user.from(off).when({ type: "ReactivateUser", userId: USER, reactivatedBy: PARTNER }).thenEvents([reactivated]);
    user.from(state).when({ type: "ReactivateUser", userId: USER, reactivatedBy: PARTNER }).thenEvents([]);
    expect(toUser(user.given([requested, approved, deactivated, reactivated]).state)).toMatchObject({ status: "active" });
    user
      .given([requested])
      .when(deactivate)
      .thenThrows(/not found/);
    user
      .given([invited])
      .when({ type: "ReactivateUser", userId: USER, reactivatedBy: PARTNER })
      .thenThrows(/not found/);
  });

  it("invites a colleague once; a withdrawn invitation may be sent anew", () => {
    user.given([]).when(invite).thenEvents([invited]);
    user
      .given([invited])
      .when(invite)
      .thenThrows(/already been invited/);
    user.given([requested]).when(invite).thenThrows(ConflictError);
    user.given([invited, revoked]).when(invite).thenEvents([invited]);
    expect(toUser(user.given([invited]).state)).toMatchObject({ status: "invited", approved: false, role: "Creative Director" });
  });

  it("renews an open or expired invitation, not an accepted or withdrawn one", () => {
    const renew: UserCommand = { type: "RenewInvitation", userId: USER, renewedBy: PARTNER, expiresAt: LATER };
    const renewed: UserEvent = { type: "InvitationRenewed", data: { userId: USER, renewedBy: PARTNER, expiresAt: LATER } };
    user.given([invited]).when(renew).thenEvents([renewed]);
    user
      .given([invited, accepted])
      .when(renew)
      .thenThrows(/already been accepted/);
    user.given([invited, revoked]).when(renew).thenThrows(NotFoundError);
    user.given([]).when(renew).thenThrows(NotFoundError);
    // The renewed expiry is the one acceptance checks.
    const accept: UserCommand = { type: "AcceptInvitation", userId: USER, at: AFTER_EXPIRY };
    user.given([invited]).when(accept).thenThrows(NotFoundError);
    expect(user.given([invited, renewed]).when(accept).events).toEqual([accepted]);
  });

  it("withdraws an open invitation once; an accepted one is deactivated instead", () => {
    const revoke: UserCommand = { type: "RevokeInvitation", userId: USER, revokedBy: PARTNER };
    user.given([invited]).when(revoke).thenEvents([revoked]);
    user.given([invited, revoked]).when(revoke).thenEvents([]);
    expect(toUser(user.given([invited, revoked]).state)).toBeNull();
    user
      .given([invited, accepted])
      .when(revoke)
      .thenThrows(/deactivate the account instead/);
    user.given([requested]).when(revoke).thenThrows(NotFoundError);
  });

  it("accepts an open invitation before it expires, with the invited role, approved by the inviter", () => {
    const accept = (at: string, displayName?: string): UserCommand => ({ type: "AcceptInvitation", userId: USER, displayName, at });
    user.given([invited]).when(accept(GIVEN_METADATA.at)).thenEvents([accepted]);
    user
      .given([invited])
      .when(accept(GIVEN_METADATA.at, "Grace H."))
      .thenEvents([{ type: "InvitationAccepted", data: { userId: USER, displayName: "Grace H." } }]);
    user.given([invited]).when(accept(EXPIRES)).thenThrows(NotFoundError);
    user.given([invited, accepted]).when(accept(GIVEN_METADATA.at)).thenThrows(NotFoundError);
    user.given([invited, revoked]).when(accept(GIVEN_METADATA.at)).thenThrows(NotFoundError);
    expect(toUser(user.given([invited, accepted]).state)).toMatchObject({
      status: "active",
      approved: true,
      role: "Creative Director",
      displayName: "Grace",
      approvedBy: PARTNER,
    });
  });

  it("changes only the profile fields that differ, and not for a deactivated account", () => {
    const state = user.given([requested, approved]).state;
    const profile = (fields: Partial<Extract<UserCommand, { type: "ChangeProfile" }>>): UserCommand => ({
      type: "ChangeProfile",
      userId: USER,
      ...fields,
    });
    user
      .from(state)
      .when(profile({ displayName: "Ada", timeZone: "Europe/Paris", signature: "Ada L." }))
      .thenEvents([{ type: "UserProfileChanged", data: { userId: USER, timeZone: "Europe/Paris", signature: "Ada L." } }]);
    const changed: UserEvent = { type: "UserProfileChanged", data: { userId: USER, timeZone: "Europe/Paris" } };
    user
      .given([requested, approved, changed])
      .when(profile({ timeZone: "Europe/Paris" }))
      .thenEvents([]);
    user
      .given([requested, approved, changed])
      .when(profile({ timeZone: null }))
      .thenEvents([{ type: "UserProfileChanged", data: { userId: USER, timeZone: null } }]);
    user
      .given([requested, approved, deactivated])
      .when(profile({ displayName: "X" }))
      .thenThrows(NotFoundError);
    user
      .given([invited])
      .when(profile({ displayName: "X" }))
      .thenThrows(NotFoundError);
  });

  it("shows the user as the API returns it, and nothing once rejected", () => {
    expect(toUser(user.given([requested, approved]).state)).toEqual({
      id: USER,
      email: "ada@example.com",
      displayName: "Ada",
      role: "Project Manager",
      approved: true,
      status: "active",
      requestedAt: GIVEN_METADATA.at,
      approvedAt: GIVEN_METADATA.at,
      approvedBy: PARTNER,
    });
    expect(toUser(user.given([requested]).state)).toMatchObject({ approved: false, status: "pending", approvedAt: null, approvedBy: null });
    expect(toUser(user.given([requested, { type: "AccessRejected", data: { userId: USER, rejectedBy: PARTNER } }]).state)).toBeNull();
  });
});
