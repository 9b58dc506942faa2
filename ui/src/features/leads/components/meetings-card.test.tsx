import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Meeting } from "@crm/contracts/meeting/answers";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { MeetingsCard } from "./meetings-card.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const LEAD = "00000000-0000-4000-8000-000000000001";
const PROFILE = {
  id: "00000000-0000-4000-8000-0000000000b1",
  email: "pm@journey.test",
  displayName: "Pat",
  role: "Project Manager",
  timeZone: "Europe/Berlin",
  signature: "",
};
const meeting: Meeting = {
  id: "00000000-0000-4000-8000-0000000000e1",
  leadId: LEAD,
  title: "Kickoff",
  type: "general",
  meetingType: "google-meet",
  startTime: "2030-03-05T09:00:00.000Z",
  endTime: "2030-03-05T10:30:00.000Z",
  location: null,
  meetLink: "https://meet.jit.si/crm-room",
  conferenceProvider: "jitsi",
  calendarEventId: null,
  notes: null,
  attendeeEmail: "kit@journey.test",
  status: "scheduled",
  inviteStatus: "sent",
  sequence: 0,
  responses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  createdBy: PROFILE.id,
  updatedAt: "2026-01-01T00:00:00.000Z",
  version: 3,
};

/** The API the card meets: the profile (Berlin), the lead's meetings, and the two changes. */
function api(first: Meeting = meeting) {
  let current = first;
  return stubFetch((url, init) => {
    if (url === "/api/profile") return { status: 200, body: PROFILE };
    if (url.startsWith("/api/meetings?")) return { status: 200, body: [current] };
    if (url === `/api/meetings/${meeting.id}` && init?.method === "PATCH") {
      const body = JSON.parse(String(init.body)) as { startTime: string; endTime: string };
      current = { ...current, ...body, sequence: 1, version: 5 };
      return { status: 200, body: { ...current, position: "9" } };
    }
    if (url === `/api/meetings/${meeting.id}/cancel`) {
      current = { ...current, status: "cancelled", sequence: 2, version: 6 };
      return { status: 200, body: { ...current, position: "10" } };
    }
    return { status: 404 };
  });
}

describe("the Meetings card", { timeout: 30_000 }, () => {
  it("shows times in the person's zone, names the provider, and reschedules keeping the length", async () => {
    const calls = api();
    renderWithApp(<MeetingsCard leadId={LEAD} onSchedule={() => {}} />);
    expect(await screen.findByText("Mar 5, 2030, 10:00 AM – 11:30 AM")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Join the Jitsi video call" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Actions for Kickoff" }));
    await user.click(await screen.findByRole("menuitem", { name: "Reschedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Reschedule Meeting" });
    const date = within(dialog).getByLabelText("Date") as HTMLInputElement;
    const time = within(dialog).getByLabelText("Time") as HTMLInputElement;
    expect([date.value, time.value]).toEqual(["2030-03-05", "10:00"]);
    await user.clear(time);
    await user.type(time, "15:30");
    await user.click(within(dialog).getByRole("button", { name: "Reschedule" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1));
    // 15:30 in Berlin, 90 minutes as before.
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      startTime: "2030-03-05T14:30:00.000Z",
      endTime: "2030-03-05T16:00:00.000Z",
    });
    expect(await screen.findByText("Mar 5, 2030, 3:30 PM – 5:00 PM")).toBeTruthy();
  });

  it("cancels only after asking, then shows the meeting cancelled without its menu", async () => {
    const calls = api();
    renderWithApp(<MeetingsCard leadId={LEAD} onSchedule={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Actions for Kickoff" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancel meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Kickoff?" });
    expect(within(dialog).getByText(/A cancellation goes to kit@journey.test and to you/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep Meeting" }));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Actions for Kickoff" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancel meeting" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Cancel Kickoff?" })).getByRole("button", { name: "Cancel Meeting" }),
    );
    expect(await screen.findByText("cancelled")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([`/api/meetings/${meeting.id}/cancel`]);
    expect(screen.queryByRole("button", { name: "Actions for Kickoff" })).toBeNull();
  });

  it("shows the lead's answer to the invite, not a colleague's", async () => {
    api({
      ...meeting,
      responses: [
        { attendee: "kit@journey.test", response: "declined", at: "2026-01-02T09:00:00.000Z" },
        { attendee: PROFILE.email, response: "accepted", at: "2026-01-02T10:00:00.000Z" },
      ],
    });
    renderWithApp(<MeetingsCard leadId={LEAD} />);
    expect(await screen.findByText("Declined")).toBeTruthy();
    expect(screen.queryByText("Accepted")).toBeNull();
  });

  it("shows no answer on a meeting the lead has not answered", async () => {
    api();
    renderWithApp(<MeetingsCard leadId={LEAD} />);
    expect(await screen.findByText(/Invite sent to kit@journey.test/)).toBeTruthy();
    for (const label of ["Accepted", "Declined", "Tentative"]) expect(screen.queryByText(label)).toBeNull();
  });

  it("offers no changes where the lead cannot be contacted (no onSchedule)", async () => {
    api();
    renderWithApp(<MeetingsCard leadId={LEAD} />);
    expect(await screen.findByText("Kickoff")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Actions for Kickoff" })).toBeNull();
  });
});
