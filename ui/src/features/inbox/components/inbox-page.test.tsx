import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { aLead } from "@/test/lead";
import { InboxPage } from "./inbox-page.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const message = {
  id: "00000000-0000-4000-8000-0000000000c1",
  kind: "message",
  fromAddress: "eve@else.example",
  fromName: "Eve Stone",
  to: ["replies@studio.test"],
  subject: "Who handles my account?",
  text: "Hello, I lost my contact's address.",
  sentAt: "2026-11-21T09:00:00.000Z",
  receivedAt: "2026-11-21T09:00:01.000Z",
  attachments: [],
};

describe("Inbox page", { timeout: 30_000 }, () => {
  it("says so when nothing waits", async () => {
    stubFetch(() => ({ status: 200, body: [] }));
    renderWithApp(<InboxPage />);
    expect(await screen.findByText("No Unmatched Mail")).toBeTruthy();
  });

  it("assigns a message to the lead found by search, and the message leaves the list", async () => {
    const lead = aLead({ id: "00000000-0000-4000-8000-000000000001", name: "Eve Stone", business: "Stone Works" });
    let inbox = [message];
    const calls = stubFetch((url, init) => {
      if (url === "/api/inbox") return { status: 200, body: inbox };
      if (url.startsWith("/api/leads?search=")) return { status: 200, body: [lead] };
      if (init?.method === "POST") {
        inbox = [];
        return { status: 200, body: { id: message.id, leadId: lead.id, version: 2, position: "9" } };
      }
      return { status: 404 };
    });
    renderWithApp(<InboxPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Assign "${message.subject}" to a lead` }));
    await user.click(await screen.findByRole("combobox", { name: "Lead" }));
    await user.type(await screen.findByPlaceholderText("Name, business or email"), "Stone");
    await user.click(await screen.findByRole("option", { name: /Eve Stone/ }));
    await user.click(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: `/api/inbox/${message.id}/assign`,
      method: "POST",
      body: { leadId: lead.id },
    });
    expect(await screen.findByText("No Unmatched Mail")).toBeTruthy();
  });

  it("refuses to assign before a lead is chosen, naming the field", async () => {
    const calls = stubFetch(() => ({ status: 200, body: [message] }));
    renderWithApp(<InboxPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: `Assign "${message.subject}" to a lead` }));
    await user.click(await screen.findByRole("button", { name: "Assign" }));
    expect(await screen.findByText("Choose the lead this message belongs to")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
