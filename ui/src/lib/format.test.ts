import { describe, expect, it } from "vitest";
import { formatDay, todayIn } from "./format.ts";

describe("calendar days", () => {
  it("say a day kept as YYYY-MM-DD the same in every zone", () => {
    expect(formatDay("2030-03-05")).toBe("Mar 5, 2030");
    expect(formatDay("2030-12-31")).toBe("Dec 31, 2030");
  });

  it("take today from the reader's zone, not the browser's", () => {
    const now = new Date("2030-03-05T23:30:00Z");
    expect(todayIn("Europe/Berlin", now)).toBe("2030-03-06");
    expect(todayIn("America/New_York", now)).toBe("2030-03-05");
    expect(todayIn("UTC", now)).toBe("2030-03-05");
  });
});
