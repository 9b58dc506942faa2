import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { LoseLeadDialog } from "./lose-lead-dialog.tsx";

const LEAD = aLead({ name: "Ava Stone", stage: "Proposal Sent", version: 4 });
const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "EUR",
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget", "Went quiet"],
  logoUrl: null,
  version: 2,
};

let calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  polyfillRadix();
  calls = stubFetch((url, init) => {
    if (url === "/api/settings") return { status: 200, body: SETTINGS };
    if (url === `/api/leads/${LEAD.id}/lose` && init?.method === "POST") {
      return { status: 200, body: { ...LEAD, status: "lost", lostReason: "Went quiet", version: 5, position: "9" } };
    }
    return { status: 404 };
  });
});

const lose = () => calls.filter((call) => call.url.endsWith("/lose"));

describe("Close as Lost", () => {
  it("asks for a reason before sending anything", async () => {
    renderWithApp(<LoseLeadDialog lead={LEAD} open onOpenChange={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Close as Lost" }));
    const reason = screen.getByRole("combobox", { name: /Reason/ });
    await waitFor(() => expect(reason.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(reason.getAttribute("aria-describedby")!)?.textContent).toBe("Choose a reason");
    expect(lose()).toEqual([]);
  });

  it("offers the agency's reasons, posts the reason and the note, and says the lead is closed", async () => {
    const closed: boolean[] = [];
    renderWithApp(<LoseLeadDialog lead={LEAD} open onOpenChange={(open) => closed.push(!open)} />);
    await userEvent.click(await screen.findByRole("combobox", { name: /Reason/ }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Budget", "Went quiet"]);
    await userEvent.click(screen.getByRole("option", { name: "Went quiet" }));
    await userEvent.type(screen.getByLabelText("Note"), "No answer since March.");
    await userEvent.click(screen.getByRole("button", { name: "Close as Lost" }));

    expect(await screen.findByText("Closed as Lost")).toBeTruthy();
    expect(lose()).toEqual([
      {
        url: `/api/leads/${LEAD.id}/lose`,
        method: "POST",
        body: { reason: "Went quiet", note: "No answer since March.", expectedVersion: 4 },
      },
    ]);
    expect(closed).toEqual([true]);
  });
});
