import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleApiError, calendarEventIdOf, createGoogleCalendar } from "../src/calendar/google-calendar.ts";
import { startGoogleTestServer, type GoogleTestServer } from "../testing/google-test-server.ts";

const MEETING_ID = "5d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11";
const spec = { meetingId: MEETING_ID, summary: "Kick-off", description: "Agenda", start: "2030-01-31T14:00:00.000Z", end: "2030-01-31T15:00:00.000Z" };

describe("Google Calendar adapter against a loopback Google", () => {
  let google: GoogleTestServer;
  beforeAll(async () => {
    google = await startGoogleTestServer();
  });
  afterAll(() => google.close());

  it("refreshes a token, inserts the event with a Meet createRequest and answers the Meet link", async () => {
    const calendar = createGoogleCalendar(google.settings);
    const created = await calendar.createMeetEvent(spec);
    expect(created.calendarEventId).toBe(calendarEventIdOf(MEETING_ID));
    expect(created.calendarEventId).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(created.joinLink).toMatch(/^https:\/\/meet\.google\.com\//);
    const [token, insert] = google.requests;
    expect(token!.body).toContain("grant_type=refresh_token");
    expect(insert).toMatchObject({ method: "POST", path: "/calendar/v3/calendars/primary/events", authorization: "Bearer test-access-token" });
    expect(JSON.parse(insert!.body)).toMatchObject({
      id: created.calendarEventId,
      start: { dateTime: spec.start },
      end: { dateTime: spec.end },
      conferenceData: { createRequest: { requestId: MEETING_ID, conferenceSolutionKey: { type: "hangoutsMeet" } } },
    });
  });

  it("reads the event back when a retried insert finds it already created", async () => {
    const again = await createGoogleCalendar(google.settings).createMeetEvent(spec);
    expect(again.joinLink).toBe(google.events.get(calendarEventIdOf(MEETING_ID))!.hangoutLink);
    expect(google.events.size).toBe(1);
  });

  it("moves and cancels the event, and a second cancel is not an error", async () => {
    const calendar = createGoogleCalendar(google.settings);
    const id = calendarEventIdOf(MEETING_ID);
    await calendar.moveEvent(id, "2030-02-01T10:00:00.000Z", "2030-02-01T11:00:00.000Z");
    expect(google.events.get(id)).toMatchObject({ start: { dateTime: "2030-02-01T10:00:00.000Z" } });
    await calendar.cancelEvent(id);
    await calendar.cancelEvent(id);
    expect(google.events.get(id)).toMatchObject({ status: "cancelled" });
  });

  it("tells permanent refusals from outages", async () => {
    const calendar = createGoogleCalendar(google.settings);
    google.failNext(1, 403);
    const forbidden = await calendar.createMeetEvent({ ...spec, meetingId: "6d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11" }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(GoogleApiError);
    expect((forbidden as GoogleApiError).permanent).toBe(true);
    google.failNext(1, 503);
    const outage = await calendar.createMeetEvent({ ...spec, meetingId: "7d0c6c8e-8d7f-4a43-9d7e-0f3c8a6b2e11" }).catch((e: unknown) => e);
    expect((outage as GoogleApiError).permanent).toBe(false);
  });
});
