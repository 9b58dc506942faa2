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
    expect(startOfWeek(new Date(2026, 2, 8, 15)).getDay()).toBe(1); // a Sunday belongs to the week before
    expect(startOfWeek(new Date(2026, 2, 8, 15)).getDate()).toBe(2);
  });

  it("buckets leads per week, this week last, ignoring older ones", () => {
    const now = new Date(2026, 2, 11, 12); // Wednesday 11 March 2026
    const at = (month: number, day: number) => new Date(2026, month, day, 9).toISOString();
    const weeks = newLeadsPerWeek(
      [{ createdAt: at(2, 9) }, { createdAt: at(2, 10) }, { createdAt: at(2, 4) }, { createdAt: at(0, 1) }],
      now,
      4,
    );
    expect(weeks.map((w) => w.count)).toEqual([0, 0, 1, 2]);
    expect(weeks[3]!.weekStart.getDate()).toBe(9);
  });
});
