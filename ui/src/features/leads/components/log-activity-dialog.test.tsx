import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { LogActivityDialog } from "./log-activity-dialog.tsx";
import { RecentActivityCard } from "./recent-activity-card.tsx";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const PROFILE = {
  id: "7f0e1d2c-3b4a-4596-8877-665544332211",
  email: "pat@studio.test",
  displayName: "Pat",
  role: "Partner",
  timeZone: "Europe/Berlin",
  signature: "",
};

/** A timeline entry as GET /api/activities answers it. */
const entry = (fields: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  leadId: LEAD_ID,
  type: "note",
  title: "Lead created",
  description: null,
  at: null,
  followUpOn: null,
  createdAt: "2030-03-01T08:00:00.000Z",
  createdBy: "u-1",
  userLabel: "Pat",
  ...fields,
});

let calls: { url: string; method: string; body: unknown }[] = [];
let timeline: unknown[] = [];

beforeEach(() => {
  polyfillRadix();
  timeline = [];
  calls = stubFetch((url, init) => {
    if (url === "/api/profile") return { status: 200, body: PROFILE };
    if (url === "/api/settings") return { status: 401 };
    if (url === `/api/activities?leadId=${LEAD_ID}`) return { status: 200, body: timeline };
    if (url === `/api/leads/${LEAD_ID}/activities` && init?.method === "POST")
      return { status: 201, body: { id: LEAD_ID, version: 3, position: "9" } };
    return { status: 404 };
  });
});

const posts = () => calls.filter((call) => call.method === "POST");

describe("Log Activity", () => {
  it("asks for a summary before sending anything", async () => {
    renderWithApp(<LogActivityDialog leadId={LEAD_ID} open onOpenChange={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Log Activity" }));
    const summary = screen.getByRole("textbox", { name: /Summary/ });
    await waitFor(() => expect(summary.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(summary.getAttribute("aria-describedby")!)?.textContent).toBe("Summary is required");
    expect(posts()).toEqual([]);
  });

  it("posts the type, summary, details and follow-up day, says it is logged and closes", async () => {
    const closed: boolean[] = [];
    renderWithApp(<LogActivityDialog leadId={LEAD_ID} open onOpenChange={(open) => closed.push(!open)} />);
    await userEvent.click(await screen.findByRole("combobox", { name: /Type/ }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Call", "Note", "Proposal", "Contract"]);
    await userEvent.click(screen.getByRole("option", { name: "Proposal" }));
    await userEvent.type(screen.getByRole("textbox", { name: /Summary/ }), "Sent the retainer offer");
    await userEvent.type(screen.getByLabelText("Details"), "Two options, monthly.");
    // The follow-up is a day in the person's own calendar, and the dialog says which.
    await waitFor(() => expect(screen.getByText(/Europe\/Berlin/)).toBeTruthy());
    const followUp = screen.getByLabelText("Follow-up date");
    await userEvent.type(followUp, "2030-03-06");
    await userEvent.click(screen.getByRole("button", { name: "Log Activity" }));

    expect(await screen.findByText("Activity Logged")).toBeTruthy();
    expect(screen.getByText("Follow up by Mar 6, 2030.")).toBeTruthy();
    expect(posts()).toEqual([
      {
        url: `/api/leads/${LEAD_ID}/activities`,
        method: "POST",
        body: { type: "proposal", summary: "Sent the retainer offer", details: "Two options, monthly.", followUpOn: "2030-03-06" },
      },
    ]);
    expect(closed).toEqual([true]);
  });

  it("sends a note without details or follow-up as nulls", async () => {
    renderWithApp(<LogActivityDialog leadId={LEAD_ID} open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByRole("textbox", { name: /Summary/ }), "Prefers mornings");
    await userEvent.click(screen.getByRole("button", { name: "Log Activity" }));
    await screen.findByText("Activity Logged");
    expect(posts()[0]!.body).toEqual({ type: "call", summary: "Prefers mornings", details: null, followUpOn: null });
  });
});

describe("Recent Activity", () => {
  it("says a meeting's time in the reader's zone and shows an open follow-up", async () => {
    timeline = [
      entry({ type: "call", title: "Call: Talked budgets", description: "Wants a quote", followUpOn: "2999-01-02" }),
      entry({ type: "meeting", title: "Meeting scheduled: Kick-off", description: "by video", at: "2030-03-05T09:00:00.000Z" }),
      entry({ type: "note", title: "Note: old", followUpOn: "2001-01-02" }),
    ];
    renderWithApp(<RecentActivityCard leadId={LEAD_ID} canLog />);
    expect(await screen.findByText("Mar 5, 2030 at 10:00 AM, by video")).toBeTruthy();
    expect(screen.getByText("Follow up by")).toBeTruthy();
    expect(screen.getByText("Jan 2, 2999")).toBeTruthy();
    expect(screen.getByText(/Follow-up was due/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log Activity" })).toBeTruthy();
  });

  it("offers no Log Activity to those who may not log", async () => {
    renderWithApp(<RecentActivityCard leadId={LEAD_ID} />);
    await screen.findByText("No activity yet.");
    expect(screen.queryByRole("button", { name: "Log Activity" })).toBeNull();
  });
});
