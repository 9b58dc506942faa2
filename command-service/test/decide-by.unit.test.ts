import { describe, expect, it } from "vitest";
import { decideBy } from "../src/core/decider.ts";

type Command = { type: "Add"; amount: number } | { type: "Reset" };

const decide = decideBy<Command, number, string>({
  Add: (command, total) => [`added ${command.amount} to ${total}`],
  Reset: () => ["reset"],
});

describe("decideBy", () => {
  it("hands each command to the function for its type", () => {
    expect(decide({ type: "Add", amount: 2 }, 40)).toEqual(["added 2 to 40"]);
    expect(decide({ type: "Reset" }, 40)).toEqual(["reset"]);
  });

  it("refuses a type no function names, inherited names included", () => {
    for (const type of ["Remove", "toString", "constructor"])
      expect(() => decide({ type } as unknown as Command, 0)).toThrow(`Unknown command {"type":"${type}"}`);
  });
});
