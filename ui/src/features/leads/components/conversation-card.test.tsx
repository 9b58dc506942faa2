import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { ConversationCard } from "./conversation-card.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const lead = { id: "00000000-0000-4000-8000-000000000001", name: "Nora Quinn", email: "nora@quinn.test" };
const sent = {
  id: "00000000-0000-4000-8000-0000000000b1",
  direction: "out",
  kind: "message",
  fromAddress: "Studio <hello@studio.test>",
  fromName: "Ada Admin",
  to: lead.email,
  subject: "Our proposal",
  text: "Here it is.",
  at: "2026-11-20T09:00:00.000Z",
  status: "sent",
  attachments: [],
};
const received = {
  id: "00000000-0000-4000-8000-0000000000c1",
  direction: "in",
  kind: "message",
  fromAddress: lead.email,
  fromName: "Nora Quinn",
  to: "replies+l00@studio.test",
  subject: "Re: Our proposal",
  text: "Monday works.",
  at: "2026-11-21T09:00:00.000Z",
  status: "matched",
  attachments: [
    {
      fileId: "00000000-0000-4000-8000-0000000000d1",
      name: "brief.pdf",
      contentType: "application/pdf",
      size: 2048,
      url: "/api/inbound/x/attachments/y",
    },
  ],
};
const accepted = {
  id: "00000000-0000-4000-8000-0000000000a1",
  version: 1,
  position: "3",
  status: "queued",
  channel: "outbox",
  to: lead.email,
  leadId: lead.id,
};

describe("Conversation card", { timeout: 30_000 }, () => {
  it("lists the thread oldest first, both directions, with the files that came in", async () => {
    stubFetch((url) => (url.endsWith("/conversation") ? { status: 200, body: [sent, received] } : { status: 404 }));
    renderWithApp(<ConversationCard lead={lead} canReply />);
    const list = await screen.findByRole("list", { name: "Conversation" });
    const items = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.getAttribute("aria-label"))).toEqual(["Sent: Our proposal", "Received: Re: Our proposal"]);
    expect(
      within(items[1]!)
        .getByRole("link", { name: /brief\.pdf/ })
        .getAttribute("href"),
    ).toBe("/api/inbound/x/attachments/y");
    expect(within(items[0]!).queryByRole("button", { name: /Reply/ })).toBeNull();
  });

  it("replies in the thread: the subject starts as Re: and the post names the message answered", async () => {
    const calls = stubFetch((url, init) =>
      init?.method === "POST"
        ? { status: 202, body: accepted }
        : url.endsWith("/conversation")
          ? { status: 200, body: [sent, received] }
          : { status: 404 },
    );
    renderWithApp(<ConversationCard lead={lead} canReply />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reply to Re: Our proposal" }));
    const subject = (await screen.findByRole("textbox", { name: "Subject" })) as HTMLInputElement;
    expect(subject.value).toBe("Re: Our proposal");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "See you then.");
    await user.click(screen.getByRole("button", { name: "Send Reply" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: `/api/leads/${lead.id}/send-email`,
      method: "POST",
      body: { subject: "Re: Our proposal", message: "See you then.", inReplyTo: received.id },
    });
  });

  it("offers no Reply when the lead cannot be written to", async () => {
    stubFetch((url) => (url.endsWith("/conversation") ? { status: 200, body: [sent, received] } : { status: 404 }));
    renderWithApp(<ConversationCard lead={lead} canReply={false} />);
    await screen.findByRole("list", { name: "Conversation" });
    expect(screen.queryByRole("button", { name: /Reply/ })).toBeNull();
  });
});
