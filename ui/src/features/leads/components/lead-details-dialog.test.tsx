import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { aUser } from "@/test/user";
import { LeadDetailsDialog } from "./lead-details-dialog.tsx";

const OWNER = aUser("Project Manager", { displayName: "Grace Owner" });
const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "EUR",
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 1,
};

beforeEach(() => {
  polyfillRadix();
  stubFetch((url) => {
    if (url === "/api/settings") return { status: 200, body: SETTINGS };
    if (url === "/api/users") return { status: 200, body: [OWNER] };
    return { status: 404 };
  });
});

/** The quick view's rows as label → value. */
const facts = (dialog: HTMLElement) =>
  Object.fromEntries(
    within(dialog)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe("the quick view", () => {
  it("shows the deal: owner, value in the agency's currency, expected close and probability", async () => {
    const lead = aLead({
      name: "Ava Stone",
      stage: "Proposal Sent",
      assignedTo: OWNER.id,
      valueMinor: 1_250_050,
      expectedCloseOn: "2030-03-31",
      probability: 40,
    });
    renderWithApp(<LeadDetailsDialog lead={lead} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("€12,500.50");
    expect(facts(dialog)).toMatchObject({
      Owner: "Grace Owner",
      Value: "€12,500.50",
      "Expected Close": "Mar 31, 2030",
      Probability: "40%",
    });
  });

  it("says the stage's default probability when the lead has none, and leaves out what is not set", async () => {
    const lead = aLead({ name: "Bo Lane", stage: "Proposal Sent", assignedTo: OWNER.id, valueMinor: null, probability: null });
    renderWithApp(<LeadDetailsDialog lead={lead} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Grace Owner");
    const shown = facts(dialog);
    expect(shown.Probability).toBe(`${DEFAULT_STAGE_PROBABILITIES["Proposal Sent"]}% (stage default)`);
    expect(shown).not.toHaveProperty("Value");
  });
});
