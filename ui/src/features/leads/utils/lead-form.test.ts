import { describe, expect, it } from "vitest";
import { aLead } from "@/test/lead";
import { changesOf, createBody, EMPTY_LEAD_FORM, LeadFormSchema, NO_DIRECTOR, valuesOf } from "./lead-form.ts";

const lead = aLead({ name: "Ava", business: "Stone", email: "a@s.test", phone: "123", creativeDirectorId: "00000000-0000-4000-8000-0000000000d1", version: 7 });

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
    const values = { ...valuesOf(lead), phone: "", priority: "high" as const, creativeDirectorId: NO_DIRECTOR, stage: "Active" as const };
    expect(changesOf(lead, values)).toEqual({
      phone: null,
      priority: "high",
      creativeDirectorId: null,
      stage: "Active",
      expectedVersion: 7,
    });
  });

  it("checks the required fields with the create command's messages", () => {
    const result = LeadFormSchema.safeParse({ ...EMPTY_LEAD_FORM, name: "  ", business: "Stone", email: "not an address" });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "Name is required"],
      ["email", "Enter a valid email address"],
    ]);
  });
});
