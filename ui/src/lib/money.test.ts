import { describe, expect, it } from "vitest";
import { formatMoney, fractionDigits, minorToInput, parseMoney } from "./money.ts";

describe("money", () => {
  it("knows each currency's minor units", () => {
    expect(fractionDigits("USD")).toBe(2);
    expect(fractionDigits("JPY")).toBe(0);
    expect(fractionDigits("KWD")).toBe(3);
  });

  it("formats minor units in full and compact", () => {
    expect(formatMoney(4_825_050, "USD")).toBe("$48,250.50");
    expect(formatMoney(4_825_050, "USD", { compact: true })).toBe("$48.3K");
    expect(formatMoney(1_200, "JPY")).toBe("¥1,200");
    expect(formatMoney(0, "EUR")).toBe("€0.00");
  });

  it("parses what a person types into minor units", () => {
    expect(parseMoney("48,250", "USD")).toBe(4_825_000);
    expect(parseMoney(" $1 200.5 ", "USD")).toBe(120_050);
    expect(parseMoney(".75", "USD")).toBe(75);
    expect(parseMoney("1200", "JPY")).toBe(1_200);
    expect(parseMoney("1.234", "KWD")).toBe(1_234);
    expect(parseMoney("", "USD")).toBeNull();
    expect(parseMoney("   ", "USD")).toBeNull();
  });

  it("refuses what is not an amount of the currency", () => {
    for (const typed of ["abc", "-5", "1.234", "1.2.3", "12e3", "."]) expect(parseMoney(typed, "USD"), typed).toBeNaN();
    expect(parseMoney("12.5", "JPY")).toBeNaN();
  });

  it("round-trips between the field and minor units", () => {
    for (const [minor, currency] of [
      [4_825_050, "USD"],
      [100, "USD"],
      [7, "EUR"],
      [0, "USD"],
      [123_456, "JPY"],
      [1_001, "KWD"],
    ] as const) {
      expect(parseMoney(minorToInput(minor, currency), currency), `${minor} ${currency}`).toBe(minor);
    }
    expect(minorToInput(4_825_050, "USD")).toBe("48250.50");
    expect(minorToInput(100, "USD")).toBe("1");
    expect(minorToInput(null, "USD")).toBe("");
  });
});
