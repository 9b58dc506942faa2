import { describe, expect, it } from "vitest";
import { apiFilters, quickPeriod, readSearch, writeSearch } from "./filters.ts";
import { summarize } from "./summary.ts";

describe("the workbench's filters", () => {
  it("turn a period of whole days into the instants of the reader's zone, across a change of the clocks", () => {
    // Berlin moves to summer time on Sunday, March 29, 2026: that day ends at 22:00 UTC, not 23:00.
    expect(apiFilters({ actor: "u1", from: "2026-03-23", to: "2026-03-29" }, "Europe/Berlin")).toEqual({
      actor: "u1",
      from: "2026-03-22T23:00:00.000Z",
      to: "2026-03-29T21:59:59.999Z",
    });
  });

  it("pick this week from its Monday, and the last seven days with today, as the reader's calendar has them", () => {
    // Saturday 00:30 in Berlin, still Friday in UTC.
    const now = new Date("2026-11-27T23:30:00Z");
    expect(quickPeriod("this-week", "Europe/Berlin", now)).toEqual({ from: "2026-11-23", to: "2026-11-28" });
    expect(quickPeriod("last-7-days", "Europe/Berlin", now)).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(quickPeriod("this-week", "UTC", now)).toEqual({ from: "2026-11-23", to: "2026-11-27" });
  });

  it("keep the address bar to the filters it knows, in one order, and drop a day that is not a day", () => {
    const search = readSearch(new URLSearchParams("to=2026-11-29&q=%20Kickoff%20&from=last-week&page=2&type="));
    expect(search).toEqual({ q: "Kickoff", to: "2026-11-29" });
    expect(writeSearch({ ...search, actor: "u1" }).toString()).toBe("actor=u1&q=Kickoff&to=2026-11-29");
  });
});

describe("an event's summary", () => {
  it("shows its first fields that hold something, and how many more there are", () => {
    expect(
      summarize({ notes: null, title: "Kickoff", location: "", startTime: "2030-03-05T09:00:00.000Z", attendees: ["a", "b"], sequence: 0 }),
    ).toBe('title: Kickoff · startTime: 2030-03-05T09:00:00.000Z · attendees: ["a","b"] · +1 more');
    expect(summarize({ reason: "x".repeat(60) })).toBe(`reason: ${"x".repeat(39)}…`);
  });
});
