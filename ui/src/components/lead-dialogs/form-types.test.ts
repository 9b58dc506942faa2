import { describe, expect, it } from "vitest";
import * as contract from "@crm/contracts/messaging/commands";
import { defaultFormSubject, FORM_TYPES, type FormType } from "./form-types.ts";

describe("form types", () => {
  it("match the contract, with the same default subjects", () => {
    expect(FORM_TYPES).toEqual(contract.FORM_TYPES);
    for (const type of Object.keys(FORM_TYPES) as FormType[]) expect(defaultFormSubject(type)).toBe(contract.defaultFormSubject(type));
    expect(defaultFormSubject("onboarding")).toBe("Complete Your Onboarding Questionnaire");
    expect(defaultFormSubject("contract")).toBe("Complete Your Project Questionnaire");
  });
});
