import { describe, expect, it } from "vitest";
import type { Lead } from "@crm/contracts/lead/lead";
import { changesOf, createBody, EMPTY_LEAD_FORM, valuesOf } from "./lead-form.ts";

const lead = {
  id: "l1",
  name: "Ava",
  business: "Stone",
  email: "a@s.test",
  phone: "123",
  source: null,
  priority: "medium",
  notes: null,
  stage: "New Lead",
  creativeDirectorId: "d1",
  version: 7,
} as Lead;

describe("lead form", () => {
  it("a new lead defaults to medium priority and leaves blank optional fields out", () => {
    expect(EMPTY_LEAD_FORM.priority).toBe("medium");
    expect(createBody({ ...EMPTY_LEAD_FORM, name: " Ava ", business: "Stone", email: "a@s.test", phone: "  " })).toEqual({
      name: "Ava",
      business: "Stone",
      email: "a@s.test",
      phone: undefined,
      source: undefined,
      priority: "medium",
      notes: undefined,
    });
  });

  it("an edit sends only what changed, clears emptied fields and names the version it started from", () => {
    expect(changesOf(lead, valuesOf(lead))).toEqual({});
    const values = { ...valuesOf(lead), phone: "", priority: "high" as const, creativeDirectorId: "", stage: "Active" as const };
    expect(changesOf(lead, values)).toEqual({
      phone: null,
      priority: "high",
      creativeDirectorId: null,
      stage: "Active",
      expectedVersion: 7,
    });
  });
});
