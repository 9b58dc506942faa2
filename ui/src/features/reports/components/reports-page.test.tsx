import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseCsv } from "@crm/contracts/lead/csv";
import { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { renderApp } from "@/test/app";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser, meOf } from "@/test/user";

const PARTNER = aUser("Partner");
const MANAGER = aUser("Project Manager", { id: "7c8d3c1e-0000-4000-8000-000000000002", displayName: "Max Manager", email: "max@agency.test" });
const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "EUR",
  timeZone: "Pacific/Auckland",
  weekStart: "Sunday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: [...DEFAULT_LOST_REASONS],
  logoUrl: null,
  version: 4,
};
const period = (url: string) => ({ from: url.match(/from=([\d-]+)/)?.[1], to: url.match(/to=([\d-]+)/)?.[1] });
const reportPeriod = (url: string) => ({ ...period(url), timeZone: SETTINGS.timeZone });

/** The server's answers: every report for whatever period it is asked, with wins, losses and a formula-like source. */
function reportsServer({ won = 3 } = {}) {
  return stubFetch((url) => {
    const path = url.split("?")[0];
    if (url === "/api/auth/me") return { status: 200, body: meOf(PARTNER) };
    if (url === "/api/settings") return { status: 200, body: SETTINGS };
    if (url === "/api/users") return { status: 200, body: [PARTNER, MANAGER] };
    if (path === "/api/reports/funnel")
      return {
        status: 200,
        body: {
          period: reportPeriod(url),
          stages: LEAD_STAGES.map((stage, i) => ({
            stage,
            entered: i === 0 ? 8 : 0,
            reached: LEAD_STAGES.slice(i + 1).map((later) => ({ stage: later, count: i === 0 ? 2 : 0 })),
            won: i === 0 ? 2 : 0,
            lost: 0,
          })),
        },
      };
    if (path === "/api/reports/time-in-stage")
      return {
        status: 200,
        body: {
          period: reportPeriod(url),
          stages: LEAD_STAGES.map((stage) => ({ stage, ended: 0, medianDays: null, p90Days: null, open: 0, slowest: [] })),
        },
      };
    if (path === "/api/reports/velocity")
      return {
        status: 200,
        body: {
          period: reportPeriod(url),
          overall: { won, medianDays: won ? 12.5 : null },
          byMonth: [{ month: period(url).from!.slice(0, 7), won, medianDays: won ? 12.5 : null }],
          bySource: [],
          byOwner: [],
        },
      };
    if (path === "/api/reports/win-rate")
      return {
        status: 200,
        body: {
          period: reportPeriod(url),
          overall: { won: 3, lost: 1, winRate: 0.75 },
          bySource: [
            { source: "=HYPERLINK(\"x\")", won: 2, lost: 0, winRate: 1 },
            { source: null, won: 1, lost: 1, winRate: 0.5 },
          ],
          byOwner: [{ ownerId: MANAGER.id, won: 3, lost: 1, winRate: 0.75 }],
          lostReasons: [{ reason: "Budget", count: 1 }],
        },
      };
    if (path === "/api/reports/forecast")
      return { status: 200, body: { currency: "EUR", months: [], undated: { count: 0, valueMinor: 0, weightedMinor: 0 }, actuals: [] } };
    if (path === "/api/reports/activity") return { status: 200, body: { period: reportPeriod(url), rows: [] } };
    if (path === "/api/leads/stale") return { status: 200, body: { leads: [] } };
    return { status: 404, body: { title: "Not Found" } };
  });
}

/** The periods the funnel was asked for, in order. */
const askedPeriods = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith("/api/reports/funnel")).map((c) => period(c.url));

const card = (name: string) => screen.getByRole("region", { name });

/** The app at a Reports URL, once its cards are on screen (the first test also waits for the shell's and the page's modules). */
async function openReports(path: string) {
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Reports" }, { timeout: 10_000 });
  await screen.findByRole("heading", { name: "Forecast" });
  return app;
}

beforeEach(() => {
  polyfillRadix();
  // Only the clock: 2026-05-13 late evening in UTC is already Thursday the 14th in Auckland.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-05-13T20:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the Reports page's period picker", { timeout: 30_000 }, () => {
  it("opens on this month of the agency's calendar, and each preset puts its name in the URL and asks for its days", async () => {
    const calls = reportsServer();
    const { router } = await openReports("/reports");
    await waitFor(() => expect(askedPeriods(calls)).toEqual([{ from: "2026-05-01", to: "2026-05-31" }]));

    const choose = async (label: string) => {
      await userEvent.click(screen.getByRole("combobox", { name: "Period" }));
      await userEvent.click(await screen.findByRole("option", { name: label }));
    };
    await choose("This week");
    expect(router.state.location.search).toBe("?period=week");
    // The agency's weeks start on Sunday; its today is Thursday the 14th.
    await waitFor(() => expect(askedPeriods(calls).at(-1)).toEqual({ from: "2026-05-10", to: "2026-05-16" }));
    await choose("This quarter");
    expect(router.state.location.search).toBe("?period=quarter");
    await waitFor(() => expect(askedPeriods(calls).at(-1)).toEqual({ from: "2026-04-01", to: "2026-06-30" }));

    await choose("Custom");
    expect(new URLSearchParams(router.state.location.search).toString()).toBe("period=custom&from=2026-04-01&to=2026-06-30");
    const to = screen.getByLabelText("To");
    expect((to as HTMLInputElement).value).toBe("2026-06-30");
    await userEvent.clear(to);
    await userEvent.type(to, "2026-04-15");
    await waitFor(() => expect(askedPeriods(calls).at(-1)).toEqual({ from: "2026-04-01", to: "2026-04-15" }));
    expect(router.state.location.search).toContain("to=2026-04-15");
    expect(screen.getByText("Apr 1, 2026 – Apr 15, 2026")).toBeTruthy();
  });

  it("reads the period and filters from the URL and hands the filters to every report", async () => {
    const calls = reportsServer();
    await openReports(`/reports?period=custom&from=2026-01-01&to=2026-03-31&owner=${MANAGER.id}&source=referral&priority=high`);
    const filter = `owner=${MANAGER.id}&source=referral&priority=high`;
    await waitFor(() => {
      for (const report of ["funnel", "time-in-stage", "velocity", "win-rate", "activity"])
        expect(calls.map((c) => c.url)).toContain(`/api/reports/${report}?from=2026-01-01&to=2026-03-31&${filter}`);
      expect(calls.map((c) => c.url)).toContain(`/api/reports/forecast?${filter}`);
      expect(calls.map((c) => c.url)).toContain(`/api/leads/stale?${filter}`);
    });
    expect(screen.getByRole("combobox", { name: "Owner" }).textContent).toBe("Max Manager");
    expect(screen.getByRole("combobox", { name: "Priority" }).textContent).toBe("High priority");
  });

  it("asks for nothing for custom days that end before they start, and says so", async () => {
    const calls = reportsServer();
    await openReports("/reports?period=custom&from=2026-03-31&to=2026-01-01");
    expect(screen.getByText("Choose a start day on or before the end day.")).toBeTruthy();
    expect(askedPeriods(calls)).toEqual([]);
  });
});

describe("a report card", { timeout: 30_000 }, () => {
  it("switches between its chart and a table with a caption and headers", async () => {
    reportsServer();
    await openReports("/reports");
    const funnel = card("Conversion funnel");
    const chart = await within(funnel).findByRole("img", { name: /^Conversion funnel\. New Lead: 8 entered, 2 won \(25%\);/ });
    expect(chart).toBeTruthy();
    expect(within(funnel).queryByRole("table")).toBeNull();

    await userEvent.click(within(funnel).getByRole("button", { name: "Table" }));
    expect(within(funnel).getByRole("button", { name: "Table" }).getAttribute("aria-pressed")).toBe("true");
    const table = within(funnel).getByRole("table", { name: "Conversion funnel, May 1, 2026 to May 31, 2026" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(["Stage", "Entered", "Reached Contacted"]);
    expect(headers.slice(-2)).toEqual(["Won", "Lost"]);
    expect(within(table).getByRole("rowheader", { name: "New Lead" })).toBeTruthy();
    expect(within(funnel).queryByRole("img")).toBeNull();

    await userEvent.click(within(funnel).getByRole("button", { name: "Chart" }));
    expect(within(funnel).getByRole("img", { name: /^Conversion funnel\./ })).toBeTruthy();
  });

  it("downloads the win rate as CSV: the table's rows, numbers raw, a formula-like source neutralised", async () => {
    reportsServer();
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:report";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await openReports("/reports");
    const winRate = card("Win rate");
    await userEvent.click(await within(winRate).findByRole("button", { name: "Download CSV" }));

    expect(names).toEqual(["win-rate-2026-05-01-to-2026-05-31.csv"]);
    const text = await saved[0]!.text();
    expect(text.split("\r\n")).toEqual([
      "By,Group,Won,Lost,Win rate (%)",
      "All,All deals,3,1,75",
      `Source,"'=HYPERLINK(""x"")",2,0,100`,
      "Source,No source,1,1,50",
      "Owner,Max Manager,3,1,75",
      "Lost reason,Budget,,1,",
      "",
    ]);
    // What a spreadsheet import reads back is the source as it was typed.
    expect(parseCsv(text)[2]!.fields[1]).toBe('=HYPERLINK("x")');
  });

  it("says when no deal was won in the period, with no toggle or download", async () => {
    reportsServer({ won: 0 });
    await openReports("/reports");
    const velocity = card("Velocity");
    expect(await within(velocity).findByText("No deals won in this period")).toBeTruthy();
    expect(within(velocity).queryByRole("button", { name: "Download CSV" })).toBeNull();
    expect(within(card("Stale leads")).getByText(/^No stale leads/)).toBeTruthy();
  });
});
