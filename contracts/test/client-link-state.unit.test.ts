import { describe, expect, it } from "vitest";
import { ClientLinkIssued } from "@crm/contracts/client-link/client-link";
import { isLiveAt, leadLinkStatus, type LiveClientLink } from "@crm/contracts/client-link/link-state";
import { redactEvent } from "@crm/contracts/erasure/redact-event";

const link = (expiresAt: string | null): LiveClientLink => ({
  linkId: "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01",
  purpose: "questionnaire",
  tokenHash: "a".repeat(64),
  issuedAt: "2026-11-20T10:00:00.000Z",
  issuedBy: "u1",
  expiresAt,
  floodedAt: null,
});

describe("client link state", () => {
  it("a link is live until its expiry, and forever without one", () => {
    const at = new Date("2026-11-26T10:00:00.000Z");
    expect(isLiveAt(link(null), at)).toBe(true);
    expect(isLiveAt(link("2026-11-26T10:00:00.001Z"), at)).toBe(true);
    expect(isLiveAt(link("2026-11-26T10:00:00.000Z"), at)).toBe(false);
    expect(isLiveAt(undefined, at)).toBe(false);
  });

  it("a lead takes links from its creation until it is archived or erased", () => {
    expect(leadLinkStatus([])).toBe("closed");
    expect(leadLinkStatus([{ type: "LeadCreated" }, { type: "LeadStageChanged" }])).toBe("open");
    expect(leadLinkStatus([{ type: "LeadCreated" }, { type: "LeadArchived" }])).toBe("closed");
    expect(leadLinkStatus([{ type: "LeadCreated" }, { type: "LeadErased" }])).toBe("closed");
  });

  it("erasure replaces the token hash with its marker, which the schema still reads", () => {
    const data = {
      leadId: "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01",
      linkId: link(null).linkId,
      purpose: "questionnaire",
      tokenHash: "a".repeat(64),
      expiresAt: null,
    };
    const redacted = redactEvent({ type: "ClientLinkIssued", data } as Parameters<typeof redactEvent>[0]);
    expect(redacted).toEqual({ ...data, tokenHash: "[erased]" });
    expect(ClientLinkIssued.parse(redacted)).toEqual(redacted);
    expect(() => ClientLinkIssued.parse({ ...data, tokenHash: "not a hash" })).toThrow();
  });
});
