import { describe, expect, it } from "vitest";
import { staleQueryKeys, topicQueryKeys } from "./live-topics.ts";

describe("live topics", () => {
  it.each([
    ["leads", [["leads"]]],
    ["lead:42", [["lead", "42"]]],
    ["stats", [["stats"]]],
    ["activities", [["activities"]]],
    ["activities:42", [["activities", "42"]]],
    ["me", [["me"]]],
    ["users", [["users"], ["me"]]],
    ["users:pending", [["users", "pending"], ["me"]]],
  ])("%s invalidates %j", (topic, keys) => {
    expect(topicQueryKeys(topic)).toEqual(keys);
  });

  it("refreshes what a notice's topics name, and everything after a rebuild swapped read models in", () => {
    expect(staleQueryKeys({ position: "1", topics: ["lead:42", "users"] })).toEqual([["lead", "42"], ["users"], ["me"]]);
    expect(staleQueryKeys({ position: "1", topics: [], rebuilt: ["leads"] })).toBe("all");
  });
});
