import { describe, expect, it } from "vitest";
import { topicQueryKeys } from "./live-topics.ts";

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
});
