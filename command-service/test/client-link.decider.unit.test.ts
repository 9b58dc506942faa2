import { describe, expect, it } from "vitest";
import { NotFoundError } from "@crm/contracts/api/errors";
import {
  decide,
  evolve,
  initialState,
  type ClientLinkCommand,
  type ClientLinkEvent,
  type ClientLinksState,
} from "../src/client-link/client-link.decider.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const FIRST = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const SECOND = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a02";
const HASH_1 = "a".repeat(64);
const HASH_2 = "b".repeat(64);
const at = "2026-11-21T10:00:00.000Z";
const metadata = { actor: "partner-1", at, commandId: "c-1", correlationId: "c-1" };

/** given(events) / when(command) / then(events | error) */
const given = (events: ClientLinkEvent[]): ClientLinksState =>
  events.map((e) => ({ ...e, metadata }) as Parameters<typeof evolve>[1]).reduce(evolve, initialState);
const when = (state: ClientLinksState, command: ClientLinkCommand) => () => decide(command, state);

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
    expect(when(given([]), issue(FIRST, HASH_1))()).toEqual([issued(FIRST, HASH_1)]);
  });

  it("replaces the live link: the old one is revoked as replaced, in the same append", () => {
    expect(when(given([issued(FIRST, HASH_1)]), issue(SECOND, HASH_2))()).toEqual([
      {
        type: "ClientLinkRevoked",
        data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", revokedBy: "partner-1", reason: "replaced" },
      },
      issued(SECOND, HASH_2),
    ]);
    expect(given([issued(FIRST, HASH_1), issued(SECOND, HASH_2)]).live.questionnaire?.tokenHash).toBe(HASH_2);
  });

  it("refuses a link for a lead that is not open", () => {
    expect(when(given([]), issue(FIRST, HASH_1, "closed"))).toThrow(NotFoundError);
  });

  it("revokes the live link, and revoking with none live changes nothing", () => {
    const revoke: ClientLinkCommand = { type: "RevokeClientLink", leadId: LEAD_ID, purpose: "questionnaire", revokedBy: "pm-1" };
    const events = when(given([issued(FIRST, HASH_1)]), revoke)();
    expect(events).toEqual([
      {
        type: "ClientLinkRevoked",
        data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", revokedBy: "pm-1", reason: "revoked" },
      },
    ]);
    expect(given([issued(FIRST, HASH_1), ...events]).live.questionnaire).toBeUndefined();
    expect(when(given([]), revoke)()).toEqual([]);
  });

  it("flags a flood of the live link at most once an hour, and never a replaced link", () => {
    const flooded: ClientLinkEvent = {
      type: "ClientLinkFlooded",
      data: { leadId: LEAD_ID, linkId: FIRST, purpose: "questionnaire", attempts: 30, windowMinutes: 60 },
    };
    expect(when(given([issued(FIRST, HASH_1)]), flag(FIRST, at))()).toEqual([flooded]);
    expect(when(given([issued(FIRST, HASH_1), flooded]), flag(FIRST, "2026-11-21T10:59:00.000Z"))()).toEqual([]);
    expect(when(given([issued(FIRST, HASH_1), flooded]), flag(FIRST, "2026-11-21T11:00:00.000Z"))()).toEqual([flooded]);
    expect(when(given([issued(FIRST, HASH_1), issued(SECOND, HASH_2)]), flag(FIRST, at))()).toEqual([]);
  });
});
