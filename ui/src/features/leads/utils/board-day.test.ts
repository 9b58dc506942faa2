import { describe, expect, it } from "vitest";
import { formatDay, pastBoardDayOf, withBoardDay } from "./board-day.ts";

const TODAY = "2026-10-14";
const of = (query: string) => pastBoardDayOf(new URLSearchParams(query), TODAY);

describe("the board's day in the URL", () => {
  it("is the live board without a day, for today alone, and for anything that is not a day up to today", () => {
    expect(of("")).toBeNull();
    expect(of(`day=${TODAY}`)).toBeNull();
    expect(of("day=2026-10-15")).toBeNull();
    expect(of("day=2026-02-31")).toBeNull();
    expect(of("day=yesterday")).toBeNull();
  });

  it("is a past day, with a since on or before it; a since alone compares today with it", () => {
    expect(of("day=2026-10-12")).toEqual({ day: "2026-10-12" });
    expect(of("day=2026-10-12&since=2026-10-01")).toEqual({ day: "2026-10-12", since: "2026-10-01" });
    expect(of("day=2026-10-12&since=2026-10-12")).toEqual({ day: "2026-10-12", since: "2026-10-12" });
    expect(of("day=2026-10-12&since=2026-10-13")).toEqual({ day: "2026-10-12" });
    expect(of("since=2026-10-13")).toEqual({ day: TODAY, since: "2026-10-13" });
  });

  it("writes a new day and since into the URL, keeping its other parameters and leaving today out", () => {
    const params = new URLSearchParams("owner=abc&day=2026-10-01");
    expect(withBoardDay(params, { day: "2026-10-12", since: "2026-10-02" }, TODAY).toString()).toBe(
      "owner=abc&day=2026-10-12&since=2026-10-02",
    );
    expect(withBoardDay(params, { day: TODAY, since: "2026-10-02" }, TODAY).toString()).toBe("owner=abc&since=2026-10-02");
    expect(withBoardDay(params, { day: "2026-10-01", since: "2026-10-02" }, TODAY).toString()).toBe("owner=abc&day=2026-10-01");
    expect(withBoardDay(params, {}, TODAY).toString()).toBe("owner=abc");
    // A since on the day itself compares nothing: dropped.
    expect(withBoardDay(params, { day: "2026-10-02", since: "2026-10-02" }, TODAY).toString()).toBe("owner=abc&day=2026-10-02");
    expect(withBoardDay(params, { since: TODAY }, TODAY).toString()).toBe("owner=abc");
  });

  it("writes a day as the app writes dates", () => {
    expect(formatDay("2026-10-12")).toBe("Oct 12, 2026");
  });
});
