import { describe, expect, it } from "vitest";
import { isInboundAddress, leadIdOfReplyAddress, leadReplyAddress } from "../src/inbound/reply-address.ts";
import { replySubject, replyTo } from "../src/inbound/reply.ts";

const INBOUND = "replies@mail.agency.test";
const LEAD = "0c1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b";

describe("a lead's reply address (issue 33)", () => {
  it("puts the lead in the sub-address and reads it back, whatever the case", () => {
    const address = leadReplyAddress(INBOUND, LEAD);
    expect(address).toBe("replies+l0c1a2b3c4d5e4f608a9b0c1d2e3f4a5b@mail.agency.test");
    expect(leadIdOfReplyAddress(INBOUND, address)).toBe(LEAD);
    expect(leadIdOfReplyAddress(INBOUND, address.toUpperCase())).toBe(LEAD);
  });

  it("names no lead for the bare address, another mailbox, another domain or a bad tag", () => {
    expect(leadIdOfReplyAddress(INBOUND, INBOUND)).toBeUndefined();
    expect(leadIdOfReplyAddress(INBOUND, leadReplyAddress("other@mail.agency.test", LEAD))).toBeUndefined();
    expect(leadIdOfReplyAddress(INBOUND, leadReplyAddress("replies@elsewhere.test", LEAD))).toBeUndefined();
    expect(leadIdOfReplyAddress(INBOUND, "replies+lnothex@mail.agency.test")).toBeUndefined();
  });

  it("knows the inbound mailbox's own addresses from any other", () => {
    expect(isInboundAddress(INBOUND, INBOUND)).toBe(true);
    expect(isInboundAddress(INBOUND, leadReplyAddress(INBOUND, LEAD))).toBe(true);
    expect(isInboundAddress(INBOUND, "Replies+anything@MAIL.agency.test")).toBe(true);
    expect(isInboundAddress(INBOUND, "repliesx@mail.agency.test")).toBe(false);
    expect(isInboundAddress(INBOUND, "someone@gmail.test")).toBe(false);
    expect(isInboundAddress(INBOUND, "replies@mail.agency.test.evil.test")).toBe(false);
  });
});

describe("a reply in the thread", () => {
  it("says Re: once", () => {
    expect(replySubject("Your drafts")).toBe("Re: Your drafts");
    expect(replySubject("Re: Your drafts")).toBe("Re: Your drafts");
    expect(replySubject("RE:Your drafts")).toBe("RE:Your drafts");
    expect(replySubject("  ")).toBe("Re:");
  });

  it("answers the message and carries the thread, oldest first, without repeats", () => {
    const reply = replyTo({
      messageId: "<c@client>",
      subject: "Re: Drafts",
      inReplyTo: "<b@agency-crm>",
      references: ["<a@agency-crm>", "<b@agency-crm>"],
    });
    expect(reply).toEqual({
      subject: "Re: Drafts",
      inReplyTo: "<c@client>",
      references: ["<a@agency-crm>", "<b@agency-crm>", "<c@client>"],
    });
    const first = replyTo({ messageId: "<c@client>", subject: "Hello", inReplyTo: null, references: [] });
    expect(first.references).toEqual(["<c@client>"]);
    const onlyParent = replyTo({ messageId: "<c@client>", subject: "x", inReplyTo: "<b@x>", references: [] });
    expect(onlyParent.references).toEqual(["<b@x>", "<c@client>"]);
  });

  it("keeps a long thread to its first message and the newest ones", () => {
    const references = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const reply = replyTo({ messageId: "<new@x>", subject: "s", inReplyTo: "<m29@x>", references });
    expect(reply.references).toHaveLength(20);
    expect(reply.references[0]).toBe("<m0@x>");
    expect(reply.references.slice(-2)).toEqual(["<m29@x>", "<new@x>"]);
  });
});
