import { describe, expect, it } from "vitest";
import * as contract from "@crm/contracts/lead/lead";
import { LEAD_STAGES, ONBOARDING_STAGES } from "./lead-stages.ts";

describe("lead stages", () => {
  it("match the contract, in order", () => {
    expect(LEAD_STAGES).toEqual(contract.LEAD_STAGES);
    expect(ONBOARDING_STAGES).toEqual(contract.ONBOARDING_STAGES);
  });
});
