import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { addDays } from "@crm/contracts/time/date-time";
import { renderApp } from "@/test/app";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser, meOf } from "@/test/user";

const STATS = { newLeads: 0, contractsPending: 0, onboardingInProgress: 0, clientsAssigned: 0 };
const weeks = (counts: number[]) => counts.map((count, i) => ({ weekStart: addDays("2026-10-05", 7 * i), count }));

/** A Partner's dashboard whose charts the server answers with these stage counts and weeks. */
function dashboardWith(stageCounts: number[], weekCounts: number[]) {
  return stubFetch((url) => {
    if (url === "/api/auth/me") return { status: 200, body: meOf(aUser("Partner")) };
    if (url === "/api/stats") return { status: 200, body: STATS };
    if (url.startsWith("/api/stats/pipeline"))
      return { status: 200, body: { byStage: LEAD_STAGES.map((stage, i) => ({ stage, count: stageCounts[i] ?? 0 })), newPerWeek: weeks(weekCounts) } };
    if (url.startsWith("/api/activities")) return { status: 200, body: [] };
    return { status: 404, body: { title: "Not Found" } };
  });
}

beforeEach(() => polyfillRadix());

describe("the dashboard's charts", () => {
  it("draws the server's counts, asked for in the reader's zone, without loading the leads", async () => {
    const calls = dashboardWith([3, 1], [0, 0, 0, 0, 0, 0, 2, 5]);
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Leads per stage" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "New leads per week" })).toBeTruthy();
    const stages = within(screen.getByRole("list", { name: "Leads per stage" })).getAllByRole("listitem");
    expect(stages.map((item) => item.textContent)).toEqual(LEAD_STAGES.map((stage, i) => `${stage}: ${[3, 1][i] ?? 0}`));
    expect(screen.getByRole("img", { name: /^New leads per week\./ }).getAttribute("aria-label")).toMatch(/: 2, week of [^:]+: 5\.$/);
    const asked = calls.find((call) => call.url.startsWith("/api/stats/pipeline"))!.url;
    expect(new URL(asked, "http://x").searchParams.get("zone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(calls.some((call) => call.url.startsWith("/api/leads"))).toBe(false);
  });

  it("says there are no leads yet when every stage is empty", async () => {
    dashboardWith([], [0, 0, 0, 0, 0, 0, 0, 0]);
    renderApp("/dashboard");
    expect(await screen.findByText("No leads yet")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Leads per stage" })).toBeNull();
  });
});
