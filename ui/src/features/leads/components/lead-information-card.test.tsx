import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { LeadInformationCard } from "./lead-information-card.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const settings = {
  agencyName: "Agency",
  senderName: "Agency",
  replyTo: null,
  currency: "USD",
  timeZone: "UTC",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: ["Budget"],
  logoUrl: null,
  version: 1,
};

/** The settings answer; every list (directors, staff) answers empty. */
const network = () => stubFetch((url) => (url === "/api/settings" ? { status: 200, body: settings } : { status: 200, body: [] }));

describe("Lead Information card", { timeout: 30_000 }, () => {
  it("shows an undeliverable email with the reason it bounced and what to do", async () => {
    network();
    const lead = aLead({
      email: "ana@client.test",
      emailUndeliverable: { address: "ana@client.test", status: "5.1.1", reason: "User unknown", at: "2026-11-27T09:02:11.000Z" },
    });
    renderWithApp(<LeadInformationCard lead={lead} editing={false} onEditingChange={() => {}} />);
    expect(await screen.findByText("Email undeliverable")).toBeTruthy();
    expect(screen.getByText(/Bounced Nov 27, 2026: 5\.1\.1 User unknown\. Edit the email to send again\./)).toBeTruthy();
  });

  it("shows no badge while mail to the email is delivered", async () => {
    network();
    renderWithApp(<LeadInformationCard lead={aLead({ email: "ana@client.test" })} editing={false} onEditingChange={() => {}} />);
    expect(await screen.findByText("ana@client.test")).toBeTruthy();
    expect(screen.queryByText("Email undeliverable")).toBeNull();
  });
});
