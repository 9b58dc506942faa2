import { describe, expect, it } from "vitest";
import { leadsPerStage, newLeadsPerWeek, startOfWeek } from "./chart-data.ts";

describe("dashboard chart data", () => {
  it("counts leads in all ten stages, in pipeline order", () => {
    const counts = leadsPerStage([{ stage: "Contacted" }, { stage: "New Lead" }, { stage: "Contacted" }]);
    expect(counts).toHaveLength(10);
    expect(counts.slice(0, 3)).toEqual([
      { stage: "New Lead", count: 1 },
      { stage: "Contacted", count: 2 },
      { stage: "Meeting Scheduled", count: 0 },
    ]);
  });

  it("starts weeks on Monday", () => {
    expect(startOfWeek("2026-03-08")).toBe("2026-03-02"); // a Sunday belongs to the week before
    expect(startOfWeek("2026-03-09")).toBe("2026-03-09");
    expect(startOfWeek("2026-01-01")).toBe("2025-12-29");
  });

  it("buckets leads per week, this week last, ignoring older ones", () => {
    const now = new Date("2026-03-11T12:00:00Z"); // Wednesday 11 March 2026
    const weeks = newLeadsPerWeek(
      [
        { createdAt: "2026-03-09T09:00:00Z" },
        { createdAt: "2026-03-10T09:00:00Z" },
        { createdAt: "2026-03-04T09:00:00Z" },
        { createdAt: "2026-01-01T09:00:00Z" },
      ],
      now,
      "UTC",
      4,
    );
    expect(weeks.map((w) => w.count)).toEqual([0, 0, 1, 2]);
    expect(weeks.map((w) => w.weekStart)).toEqual(["2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09"]);
  });

  it("counts a lead in the week of the reader's day, not of UTC's", () => {
    // Sunday 8 March 23:30 UTC is already Monday 9 March in Berlin, and still Sunday in New York.
    const lead = [{ createdAt: "2026-03-08T23:30:00Z" }];
    const now = new Date("2026-03-11T12:00:00Z");
    expect(newLeadsPerWeek(lead, now, "Europe/Berlin", 2).map((w) => w.count)).toEqual([0, 1]);
    expect(newLeadsPerWeek(lead, now, "America/New_York", 2).map((w) => w.count)).toEqual([1, 0]);
  });
});
