import { describe, expect, it } from "vitest";
import { NotFoundError } from "@crm/contracts/api/errors";
import { clientLinkDecider, type ClientLinkCommand, type ClientLinkEvent } from "../src/client-link/client-link.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const FIRST = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const SECOND = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a02";
const HASH_1 = "a".repeat(64);
const HASH_2 = "b".repeat(64);
const at = "2026-11-21T10:00:00.000Z";
const links = expectDecision(clientLinkDecider);

const issue = (linkId: string, tokenHash: string, lead: "open" | "closed" = "open"): ClientLinkCommand => ({
  type: "IssueClientLink",
  leadId: LEAD_ID,
  linkId,
  purpose: "questionnaire",
  tokenHash,
  expiresAt: null,
  lead,
  issuedBy: "partner-1",
});
const issued = (linkId: string, tokenHash: string): ClientLinkEvent => ({
  type: "ClientLinkIssued",
  data: { leadId: LEAD_ID, linkId, purpose: "questionnaire", tokenHash, expiresAt: null },
});
const flag = (linkId: string, when: string): ClientLinkCommand => ({
  type: "FlagClientLinkFlood",
  leadId: LEAD_ID,
  linkId,
  purpose: "questionnaire",
  attempts: 30,
  at: when,
});

describe("client link decider", () => {
  it("issues the first link of an open lead", () => {
    links
      .given([])
      .when(issue(FIRST, HASH_1))
      .thenEvents([issued(FIRST, HASH_1)]);
  });

  it("replaces the live link: the old one is revoked as replaced, in the same append", () => {
    links
      .given([issued(FIRST, HASH_1)])
      .when(issue(SECOND, HASH_2))
      .thenEvents([
        {
          type: "ClientLinkRevoked",
          data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", revokedBy: "partner-1", reason: "replaced" },
        },
        issued(SECOND, HASH_2),
      ]);
    expect(links.given([issued(FIRST, HASH_1), issued(SECOND, HASH_2)]).state.live.questionnaire?.tokenHash).toBe(HASH_2);
  });

  it("refuses a link for a lead that is not open", () => {
    links
      .given([])
      .when(issue(FIRST, HASH_1, "closed"))
      .thenThrows(NotFoundError);
  });

  it("revokes the live link, and revoking with none live changes nothing", () => {
    const revoke: ClientLinkCommand = { type: "RevokeClientLink", leadId: LEAD_ID, purpose: "questionnaire", revokedBy: "pm-1" };
    const events = links.given([issued(FIRST, HASH_1)]).when(revoke).events;
    expect(events).toEqual([
      {
        type: "ClientLinkRevoked",
        data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", revokedBy: "pm-1", reason: "revoked" },
      },
    ]);
    expect(links.given([issued(FIRST, HASH_1), ...events]).state.live.questionnaire).toBeUndefined();
    links.given([]).when(revoke).thenEvents([]);
  });

  it("flags a flood of the live link at most once an hour, and never a replaced link", () => {
    const flooded: ClientLinkEvent = {
      type: "ClientLinkFlooded",
      data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", attempts: 30, windowMinutes: 60 },
    };
    links
      .given([issued(FIRST, HASH_1)])
      .when(flag(FIRST, at))
      .thenEvents([flooded]);
    links
      .given([issued(FIRST, HASH_1), flooded])
      .when(flag(FIRST, "2026-11-21T10:59:00.000Z"))
      .thenEvents([]);
    links
      .given([issued(FIRST, HASH_1), flooded])
      .when(flag(FIRST, "2026-11-21T11:00:00.000Z"))
      .thenEvents([flooded]);
    links
      .given([issued(FIRST, HASH_1), issued(SECOND, HASH_2)])
      .when(flag(FIRST, at))
      .thenEvents([]);
  });
});
