import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Meeting } from "@crm/contracts/meeting/answers";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { meetingInstants } from "../utils/meeting-times.ts";
import { ScheduleMeetingDialog } from "./schedule-meeting-dialog.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const lead = { id: "00000000-0000-4000-8000-000000000001", name: "Kit Keys", email: "kit@journey.test" };
const times = meetingInstants("2030-01-15", "14:00", 60)!;
/** What POST /api/meetings answers: the meeting as scheduled, with its log position. */
const scheduled: Meeting & { position: string } = {
  id: "00000000-0000-4000-8000-0000000000e1",
  leadId: lead.id,
  title: "Kickoff",
  type: "general",
  meetingType: "google-meet",
  ...times,
  location: null,
  meetLink: null,
  conferenceProvider: "jitsi",
  calendarEventId: null,
  notes: null,
  attendeeEmail: lead.email,
  status: "scheduled",
  inviteStatus: "pending",
  sequence: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  createdBy: "00000000-0000-4000-8000-0000000000b1",
  updatedAt: "2026-01-01T00:00:00.000Z",
  version: 1,
  position: "9",
};

async function fill({ title = "Kickoff", date = "2030-01-15", time = "14:00", duration = "60" } = {}) {
  await userEvent.setup().type(screen.getByRole("textbox", { name: "Meeting Title" }), title);
  fireEvent.change(screen.getByLabelText("Date"), { target: { value: date } });
  fireEvent.change(screen.getByLabelText("Time"), { target: { value: time } });
  fireEvent.change(screen.getByRole("spinbutton", { name: "Duration (minutes)" }), { target: { value: duration } });
}

describe("Schedule Meeting dialog", { timeout: 30_000 }, () => {
  it("refuses a duration off the 15-minute steps with the Error toast, and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 201, body: scheduled }));
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    await fill({ duration: "20" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(await screen.findByText("Please enter a valid date, time and a duration in steps of 15 minutes.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("asks an in-person meeting for its address, under the field", async () => {
    const calls = stubFetch(() => ({ status: 201, body: scheduled }));
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    await fill();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "In person" }));
    await user.click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(await screen.findByText("An in-person meeting needs a location")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Address" }).getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("posts the meeting with its instants and the lead as attendee, then says so and closes", async () => {
    const calls = stubFetch(() => ({ status: 201, body: scheduled }));
    const onOpenChange = vi.fn();
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={onOpenChange} />);
    expect(screen.getByText(lead.email)).toBeTruthy();
    await fill({ title: "  Kickoff " });
    await userEvent.setup().click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(await screen.findByText("Kickoff has been added to your calendar with Google Meet and an invite has been sent")).toBeTruthy();
    expect(calls[0]).toEqual({
      url: "/api/meetings",
      method: "POST",
      body: { leadId: lead.id, title: "Kickoff", type: "general", meetingType: "google-meet", location: null, ...times, notes: null, attendeeEmail: lead.email },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
