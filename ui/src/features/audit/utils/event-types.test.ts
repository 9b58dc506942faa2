import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "@crm/contracts/events/registry";
import { EVENT_TYPE_NAMES } from "./event-types.ts";

describe("the workbench's event types", () => {
  it("are exactly the registry's, so the type filter offers every type the log records and no other", () => {
    expect([...EVENT_TYPE_NAMES].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
