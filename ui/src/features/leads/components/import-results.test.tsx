import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { renderWithApp, stubFetch } from "@/test/render";
import { ImportResults } from "./import-results.tsx";

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
  version: 2,
};

describe("the import preview", () => {
  it("lists what each row will set, in the agency's currency, and why a refused row is refused", async () => {
    stubFetch((url) => (url.endsWith("/api/settings") ? { status: 200, body: SETTINGS } : { status: 404 }));
    renderWithApp(
      <ImportResults
        result={{
          dryRun: true,
          created: 1,
          updated: 0,
          errors: 1,
          rows: [
            {
              line: 2,
              status: "created",
              set: {
                stage: "Proposal Sent",
                owner: { id: "u1", name: "Ana Lee" },
                valueMinor: 125_050,
                expectedCloseOn: "2030-03-05",
                probability: 60,
                source: "referral",
              },
            },
            { line: 3, status: "error", reason: 'stage: "Negotiation" (column "Stage") is not a stage: use one of New Lead, Contacted' },
          ],
        }}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("1 lead will be created, 0 will be updated, 1 row has errors.");
    const [, refused, created] = screen.getAllByRole("row");
    expect(within(refused!).getByText(/"Negotiation" \(column "Stage"\) is not a stage/).tagName).toBe("TD");
    expect(
      await within(created!).findByText(
        "Stage: Proposal Sent · Owner: Ana Lee · Value: €1,250.50 · Expected close: 2030-03-05 · Probability: 60% · Source: referral",
      ),
    ).toBeTruthy();
  });
});
