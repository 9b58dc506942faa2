import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIRST_RANK, isRank, rankAfter, rankBefore, rankBetween } from "../src/lead/rank.ts";

/** Byte-wise order, as Postgres compares a COLLATE "C" column. */
const sorted = (ranks: string[]) => [...ranks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("board ranks", () => {
  it("puts a rank strictly between its neighbours", () => {
    const low = FIRST_RANK;
    const high = rankAfter(low);
    const middle = rankBetween(low, high);
    expect(low < middle && middle < high).toBe(true);
    expect(isRank(middle)).toBe(true);
  });

  it("keeps ranks short when cards are added at the top or bottom many times", () => {
    let top = FIRST_RANK;
    let bottom = FIRST_RANK;
    for (let i = 0; i < 10_000; i++) {
      const nextTop = rankBefore(top);
      const nextBottom = rankAfter(bottom);
      expect(nextTop < top && bottom < nextBottom).toBe(true);
      top = nextTop;
      bottom = nextBottom;
    }
    expect(top.length).toBe(6);
    expect(bottom.length).toBe(6);
  });

  it("grows slowly when cards are dropped into the same gap again and again", () => {
    let low = FIRST_RANK;
    const high = rankAfter(low);
    for (let i = 0; i < 200; i++) {
      const next = rankBetween(low, high);
      expect(low < next && next < high).toBe(true);
      low = next;
    }
    expect(low.length).toBeLessThan(6 + 200 / 4);
  });

  it("refuses neighbours in the wrong order", () => {
    expect(() => rankBetween(rankAfter(FIRST_RANK), FIRST_RANK)).toThrow(RangeError);
  });

  it("keeps any sequence of inserts in the order they were placed", () => {
    const op = fc.record({ at: fc.nat(), kind: fc.constantFrom("before", "after", "between") });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const column: string[] = [FIRST_RANK];
        for (const { at, kind } of ops) {
          const i = at % column.length;
          if (kind === "before" && i === 0) column.unshift(rankBefore(column[0]!));
          else if (kind === "after" && i === column.length - 1) column.push(rankAfter(column[i]!));
          else if (i < column.length - 1) column.splice(i + 1, 0, rankBetween(column[i]!, column[i + 1]!));
        }
        expect(sorted(column)).toEqual(column);
        expect(new Set(column).size).toBe(column.length);
        expect(column.every(isRank)).toBe(true);
      }),
    );
  });
});
