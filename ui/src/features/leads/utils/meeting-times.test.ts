import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isValidDuration, meetingInstants } from "./meeting-times.ts";

describe("meeting times: typed in the person's time zone, sent as UTC instants", () => {
  const original = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = "America/New_York";
  });
  afterEach(() => {
    process.env.TZ = original;
  });

  it("converts a winter date (UTC-5) and adds the duration", () => {
    expect(meetingInstants("2030-01-15", "14:00", 60)).toEqual({ startTime: "2030-01-15T19:00:00.000Z", endTime: "2030-01-15T20:00:00.000Z" });
  });

  it("converts a summer date (daylight saving, UTC-4)", () => {
    expect(meetingInstants("2030-07-15", "09:30", 45)).toEqual({ startTime: "2030-07-15T13:30:00.000Z", endTime: "2030-07-15T14:15:00.000Z" });
  });

  it("ends on the next UTC day when the meeting crosses midnight", () => {
    expect(meetingInstants("2030-01-15", "23:30", 90)?.endTime).toBe("2030-01-16T06:00:00.000Z");
  });

  it("refuses dates and times that do not exist", () => {
    expect(meetingInstants("2030-02-30", "10:00", 60)).toBeUndefined();
    expect(meetingInstants("2030-03-10", "02:30", 60)).toBeUndefined(); // skipped by the spring-forward change
    expect(meetingInstants("", "10:00", 60)).toBeUndefined();
    expect(meetingInstants("2030-01-15", "", 60)).toBeUndefined();
  });

  it("accepts durations of at least 15 minutes in steps of 15", () => {
    expect([15, 60, 90].map(isValidDuration)).toEqual([true, true, true]);
    expect([0, 10, 20, 61, Number.NaN].map(isValidDuration)).toEqual([false, false, false, false, false]);
  });
});
