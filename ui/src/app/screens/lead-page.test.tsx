import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { QUESTIONNAIRE_COUNT_FIELDS, QUESTIONNAIRE_TEXT_FIELDS } from "@crm/contracts/questionnaire/fields";
import type { Role } from "@/lib/session";
import { renderApp } from "@/test/app";
import { aLead } from "@/test/lead";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser, meOf } from "@/test/user";

const ME = aUser("Creative Director");
const LEAD = aLead({
  name: "Ava Stone",
  phone: "+44 20 7946 0000",
  stage: "Active",
  creativeDirectorId: ME.id,
  notes: "Wants a spring campaign.",
});
const BRIEF = {
  id: "00000000-0000-4000-8000-0000000000b1",
  leadId: LEAD.id,
  version: 1,
  versions: 1,
  submittedAt: "2026-02-01T10:00:00.000Z",
  ...Object.fromEntries([...QUESTIONNAIRE_TEXT_FIELDS, ...QUESTIONNAIRE_COUNT_FIELDS].map((field) => [field, null])),
  companyOverview: "A family bakery since 1952.",
};
const SALES_ACTIONS = ["Send Email", "Send SMS", "Edit Lead", "Archive", "Schedule Meeting", "Erase Personal Data"];

const BRIEF_VERSIONS = [{ id: BRIEF.id, version: 1, submittedAt: BRIEF.submittedAt, answered: 1 }];

let calls: { url: string }[] = [];

function openLeadAs(
  role: Role,
  leadAnswer: { status: number; body?: unknown } = { status: 200, body: LEAD },
  versions: unknown[] = BRIEF_VERSIONS,
) {
  calls = stubFetch((url) => {
    if (url === "/api/auth/me") return { status: 200, body: meOf(aUser(role, { id: ME.id })) };
    if (url === `/api/leads/${LEAD.id}`) return leadAnswer;
    if (url === `/api/questionnaire/${LEAD.id}/versions`) return { status: 200, body: versions };
    if (url === `/api/questionnaire/${LEAD.id}`) return { status: 200, body: BRIEF };
    if (url === `/api/leads/${LEAD.id}/history`) return { status: 200, body: { leadId: LEAD.id, erased: false, entries: [] } };
    if (url.startsWith("/api/leads/") && url.endsWith("/client-link")) return { status: 200, body: { active: false } };
    if (url === "/api/users/creative-directors") return { status: 200, body: [ME] };
    if (/^\/api\/(meetings|activities|content-submissions|creative-tasks)\?/.test(url)) return { status: 200, body: [] };
    return { status: 404, body: { title: "Not Found" } };
  });
  renderApp(`/lead/${LEAD.id}`);
}

beforeEach(() => polyfillRadix());

describe("the lead page by role", () => {
  it("shows a Creative Director their client's brief, meetings and work, with the sales fields read-only and no sales action", async () => {
    openLeadAs("Creative Director");
    expect(await screen.findByRole("heading", { level: 1, name: "Ava Stone" })).toBeTruthy();
    expect(await screen.findByText("A family bakery since 1952.")).toBeTruthy(); // the brief
    expect(screen.getByText("Wants a spring campaign.")).toBeTruthy(); // the sales fields, read
    expect(await screen.findByText("No meetings scheduled.")).toBeTruthy();
    expect(screen.getByText("Content Submissions")).toBeTruthy();
    expect(screen.getByText("Creative Tasks")).toBeTruthy();
    expect(screen.getByText("Recent Activity")).toBeTruthy();
    for (const action of SALES_ACTIONS) expect(screen.queryByRole("button", { name: action })).toBeNull();
    expect(screen.queryByText("History")).toBeNull();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/creative");
    // Nor does the page ask for what only sales staff may read.
    expect(calls.some((call) => call.url.endsWith("/history") || call.url.endsWith("/client-link"))).toBe(false);
  });

  it("asks for no questionnaire answers when the client has sent none (a 404 the browser would log as an error)", async () => {
    openLeadAs("Project Manager", undefined, []);
    expect(await screen.findByRole("button", { name: "Edit Lead" })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === `/api/questionnaire/${LEAD.id}/versions`)).toBe(true));
    expect(screen.queryByText("Onboarding Questionnaire")).toBeNull();
    expect(calls.some((call) => call.url === `/api/questionnaire/${LEAD.id}`)).toBe(false);
  });

  it("gives a Project Manager the sales actions, but not the Partner's Archive and Erase", async () => {
    openLeadAs("Project Manager");
    expect(await screen.findByRole("button", { name: "Edit Lead" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send Email" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send SMS" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Schedule Meeting" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url.endsWith("/history"))).toBe(true));
    expect(screen.queryByRole("button", { name: "Erase Personal Data" })).toBeNull();
  });

  it("gives a Partner Archive and Erase", async () => {
    openLeadAs("Partner");
    expect(await screen.findByRole("button", { name: "Archive" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Erase Personal Data" })).toBeTruthy();
  });

  it("shows the No access page, not a load error, when the server refuses a director another director's client", async () => {
    openLeadAs("Creative Director", {
      status: 403,
      body: { title: "Forbidden", detail: "This client is assigned to another creative director." },
    });
    const heading = await screen.findByRole("heading", { level: 1, name: "No access" });
    expect(heading.closest("section")!.textContent).toContain("This lead is not one of your clients.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toBeTruthy();
  });
});
