import { describe, expect, it } from "vitest";
import { isValidDuration, meetingInstants, minutesBetween } from "./meeting-times.ts";

const NEW_YORK = "America/New_York";

describe("meeting times: typed in the person's time zone, sent as UTC instants", () => {
  it("converts a winter date (UTC-5) and adds the duration", () => {
    expect(meetingInstants("2030-01-15", "14:00", 60, NEW_YORK)).toEqual({
      startTime: "2030-01-15T19:00:00.000Z",
      endTime: "2030-01-15T20:00:00.000Z",
    });
  });

  it("converts a summer date (daylight saving, UTC-4)", () => {
    expect(meetingInstants("2030-07-15", "09:30", 45, NEW_YORK)).toEqual({
      startTime: "2030-07-15T13:30:00.000Z",
      endTime: "2030-07-15T14:15:00.000Z",
    });
  });

  it("reads the time in the person's zone, whatever the browser's", () => {
    // The tests run in whatever zone the machine has; Berlin's 10:00 is 09:00Z in winter all the same.
    expect(meetingInstants("2030-03-05", "10:00", 60, "Europe/Berlin")?.startTime).toBe("2030-03-05T09:00:00.000Z");
  });

  it("ends on the next UTC day when the meeting crosses midnight", () => {
    expect(meetingInstants("2030-01-15", "23:30", 90, NEW_YORK)?.endTime).toBe("2030-01-16T06:00:00.000Z");
  });

  it("refuses dates and times that do not exist", () => {
    expect(meetingInstants("2030-02-30", "10:00", 60, NEW_YORK)).toBeUndefined();
    expect(meetingInstants("2030-03-10", "02:30", 60, NEW_YORK)).toBeUndefined(); // skipped by the spring-forward change
    expect(meetingInstants("", "10:00", 60, NEW_YORK)).toBeUndefined();
    expect(meetingInstants("2030-01-15", "", 60, NEW_YORK)).toBeUndefined();
  });

  it("accepts durations of at least 15 minutes in steps of 15, and measures a meeting's", () => {
    expect([15, 60, 90].map(isValidDuration)).toEqual([true, true, true]);
    expect([0, 10, 20, 61, Number.NaN].map(isValidDuration)).toEqual([false, false, false, false, false]);
    expect(minutesBetween("2030-01-15T19:00:00.000Z", "2030-01-15T20:30:00.000Z")).toBe(90);
  });
});
