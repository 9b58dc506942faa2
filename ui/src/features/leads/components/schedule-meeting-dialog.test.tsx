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
/** The person's profile zone, which the typed time is read in (not the browser's). */
const ZONE = "Europe/Berlin";
const times = meetingInstants("2030-01-15", "14:00", 60, ZONE)!;
const PROFILE = {
  id: "00000000-0000-4000-8000-0000000000b1",
  email: "pm@journey.test",
  displayName: "Pat",
  role: "Project Manager",
  timeZone: ZONE,
  signature: "",
};

/** The API as the dialog meets it: the profile (its zone), the configured video provider, and the scheduling itself. */
const api = (provider: "jitsi" | "google") => (url: string) =>
  url === "/api/profile"
    ? { status: 200, body: PROFILE }
    : url === "/api/calendar/config"
      ? { status: 200, body: { videoProvider: provider } }
      : url === "/api/meetings"
        ? { status: 201, body: { ...scheduled, conferenceProvider: provider } }
        : { status: 404 };
const posts = (calls: { method: string }[]) => calls.filter((c) => c.method !== "GET");
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
  responses: [],
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
    const calls = stubFetch(api("jitsi"));
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    await fill({ duration: "20" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(await screen.findByText("Please enter a valid date, time and a duration in steps of 15 minutes.")).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it("asks an in-person meeting for its address, under the field", async () => {
    const calls = stubFetch(api("jitsi"));
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    await fill();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "In person" }));
    await user.click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(await screen.findByText("An in-person meeting needs a location")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Address" }).getAttribute("aria-invalid")).toBe("true");
    expect(posts(calls)).toEqual([]);
  });

  it("names the video provider the server has: Jitsi, or Google Meet", async () => {
    stubFetch(api("jitsi"));
    const { unmount } = renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    expect(await screen.findByRole("radio", { name: "Video call (Jitsi)" })).toBeTruthy();
    expect(screen.queryByText(/Google Meet/)).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    stubFetch(api("google"));
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={() => {}} />);
    expect(await screen.findByRole("radio", { name: "Video call (Google Meet)" })).toBeTruthy();
  });

  it("posts the meeting with its instants read in the profile's zone and the lead as attendee, then says so and closes", async () => {
    const calls = stubFetch(api("jitsi"));
    const onOpenChange = vi.fn();
    renderWithApp(<ScheduleMeetingDialog lead={lead} open onOpenChange={onOpenChange} />);
    expect(screen.getByText(lead.email)).toBeTruthy();
    expect(await screen.findByText(`Times are in your time zone (${ZONE}).`)).toBeTruthy();
    await fill({ title: "  Kickoff " });
    await userEvent.setup().click(screen.getByRole("button", { name: "Schedule Meeting" }));
    expect(
      await screen.findByText("Kickoff has been scheduled with a Jitsi video call and an invite has been sent to you and the lead"),
    ).toBeTruthy();
    expect(times.startTime).toBe("2030-01-15T13:00:00.000Z"); // 14:00 in Berlin, whatever the browser's zone
    expect(posts(calls)[0]).toEqual({
      url: "/api/meetings",
      method: "POST",
      body: {
        leadId: lead.id,
        title: "Kickoff",
        type: "general",
        meetingType: "google-meet",
        location: null,
        ...times,
        notes: null,
        attendeeEmail: lead.email,
      },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
