import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  fromWallTime,
  isTimeZone,
  recentWeeks,
  startOfWeek,
  toWallTime,
} from "../src/time/date-time.ts";

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

describe("weeks in a zone's calendar (the dashboard's chart of new leads)", () => {
  it("starts weeks on Monday", () => {
    expect(startOfWeek("2026-03-08")).toBe("2026-03-02"); // a Sunday belongs to the week before
    expect(startOfWeek("2026-03-09")).toBe("2026-03-09");
    expect(startOfWeek("2026-01-01")).toBe("2025-12-29");
  });

  it("lists the last weeks oldest first, this week last, each from its Monday's midnight to the next", () => {
    const weeks = recentWeeks(new Date("2026-03-11T12:00:00Z"), "UTC", 4); // Wednesday 11 March 2026
    expect(weeks.map((w) => w.weekStart)).toEqual(["2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09"]);
    expect(weeks.at(-1)).toEqual({ weekStart: "2026-03-09", from: "2026-03-09T00:00:00.000Z", to: "2026-03-16T00:00:00.000Z" });
    expect(weeks.slice(1).map((w) => w.from)).toEqual(weeks.slice(0, -1).map((w) => w.to));
  });

  it("follows the reader's calendar: midnights in the zone, the week of the zone's day, a DST week an hour short", () => {
    // Sunday 8 March 23:30 UTC is already Monday 9 March in Berlin, and still Sunday in New York.
    const now = new Date("2026-03-08T23:30:00Z");
    expect(recentWeeks(now, "Europe/Berlin", 1)).toEqual([{ weekStart: "2026-03-09", from: "2026-03-08T23:00:00.000Z", to: "2026-03-15T23:00:00.000Z" }]);
    // New York springs forward on 8 March 2026: its week from 2 March is 167 hours long.
    const [ny] = recentWeeks(now, "America/New_York", 1);
    expect(ny).toEqual({ weekStart: "2026-03-02", from: "2026-03-02T05:00:00.000Z", to: "2026-03-09T04:00:00.000Z" });
  });
});
