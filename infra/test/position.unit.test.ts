import { describe, expect, it } from "vitest";
import {
  decodePosition,
  encodePosition,
  InvalidPositionError,
  isPosition,
  normalizePosition,
  START_POSITION,
} from "../src/event-store/position.ts";

describe("log positions", () => {
  it("sort as text in (transaction id, global position) order", () => {
    const positions = [encodePosition("10", "2"), encodePosition("9", "30"), encodePosition("10", "11"), START_POSITION];
    expect([...positions].sort()).toEqual([
      START_POSITION,
      encodePosition("9", "30"),
      encodePosition("10", "2"),
      encodePosition("10", "11"),
    ]);
  });

  it("decode to the numbers they encode", () => {
    expect(decodePosition(encodePosition("754", "3"))).toEqual({ transactionId: "754", globalPosition: "3" });
  });

  it("refuse text that is not a position and numbers the database cannot hold", () => {
    for (const bad of ["", "abc", "1-", "-1", "1-2-3", "1.5-2", " 1-2", "123456789012345678901-1"]) {
      expect(isPosition(bad), bad).toBe(false);
      expect(() => decodePosition(bad), bad).toThrow(InvalidPositionError);
    }
    expect(() => decodePosition("99999999999999999999-1")).toThrow(InvalidPositionError);
    expect(() => decodePosition("1-9223372036854775808")).toThrow(InvalidPositionError);
    expect(decodePosition("18446744073709551615-9223372036854775807").globalPosition).toBe("9223372036854775807");
  });

  it("normalize short forms so they compare like stored ones", () => {
    expect(normalizePosition("5-7")).toBe(encodePosition("5", "7"));
    expect(normalizePosition("5-7") < encodePosition("754", "3")).toBe(true);
    expect("5-7" < encodePosition("754", "3")).toBe(false); // why normalizing matters
  });
});
