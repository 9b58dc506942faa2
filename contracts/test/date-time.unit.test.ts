import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime, formatTimeRange, fromWallTime, isTimeZone, toWallTime } from "../src/time/date-time.ts";

describe("the one date-time formatter", () => {
  const instant = "2030-03-05T09:00:00.000Z";

  it("says one instant in each reader's zone", () => {
    expect(formatDateTime(instant, "Europe/Berlin")).toBe("Mar 5, 2030 at 10:00 AM");
    expect(formatDateTime(instant, "America/New_York")).toBe("Mar 5, 2030 at 4:00 AM");
    expect(formatDateTime(instant, "UTC")).toBe("Mar 5, 2030 at 9:00 AM");
    expect(formatDate("2030-03-05T23:30:00Z", "Asia/Tokyo")).toBe("Mar 6, 2030");
    expect(formatTime(instant, "Europe/Berlin", { withZone: true })).toBe("10:00 AM (Europe/Berlin)");
  });

  it("names the zone when asked, as mails do", () => {
    expect(formatDateTime(instant, "Europe/Berlin", { withZone: true })).toBe("Mar 5, 2030 at 10:00 AM (Europe/Berlin)");
  });

  it("says a span on one day once, and both days when it crosses midnight there", () => {
    expect(formatTimeRange(instant, "2030-03-05T10:00:00Z", "Europe/Berlin")).toBe("Mar 5, 2030, 10:00 AM – 11:00 AM");
    expect(formatTimeRange("2030-03-05T22:30:00Z", "2030-03-05T23:30:00Z", "Europe/Berlin", { withZone: true })).toBe(
      "Mar 5, 2030, 11:30 PM – Mar 6, 2030, 12:30 AM (Europe/Berlin)",
    );
  });

  it("turns wall times into instants and back, across a daylight-saving change", () => {
    expect(fromWallTime("2030-03-05T10:00", "Europe/Berlin")).toBe(instant);
    expect(fromWallTime("2030-07-05T10:00", "Europe/Berlin")).toBe("2030-07-05T08:00:00.000Z");
    expect(fromWallTime("2030-07-05T10:00", "America/New_York")).toBe("2030-07-05T14:00:00.000Z");
    expect(toWallTime(instant, "Europe/Berlin")).toBe("2030-03-05T10:00");
    expect(toWallTime("2030-07-05T14:00:00.000Z", "America/New_York")).toBe("2030-07-05T10:00");
    expect(fromWallTime(toWallTime(instant, "Asia/Kolkata"), "Asia/Kolkata")).toBe(instant);
  });

  it("refuses what is not a wall time or a date", () => {
    expect(fromWallTime("tomorrow", "UTC")).toBeUndefined();
    expect(formatDateTime("not a date", "UTC")).toBe("");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
