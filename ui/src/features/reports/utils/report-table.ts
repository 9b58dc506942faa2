// What a report's table view shows and its "Download CSV" writes: one declaration per report, so the
// table on screen and the file hold the same rows. Plain functions, no React: tests read them directly.
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { ACTIVITY_KINDS, type ActivityReport, type ForecastReport, type FunnelReport, type StaleLeads, type TimeInStageReport, type VelocityReport, type WinRateReport } from "@crm/contracts/reports/reports";
import { formatDay } from "@/lib/format";
import { formatMoney, minorToInput } from "@/lib/money";

/** A cell: its text on screen, what the CSV holds when that differs (a raw number), and a link. */
export interface Cell {
  text: string;
  csv?: string;
  href?: string;
}

export interface ReportTable {
  caption: string;
  /** Column headers; numeric columns are right-aligned. */
  columns: readonly { header: string; numeric?: boolean }[];
  rows: readonly { key: string; cells: readonly Cell[] }[];
}

/** How the tables name people and sources. */
export interface Names {
  /** An owner's or actor's name by user id (null: no owner). */
  person: (id: string | null) => string;
}

const NONE = "—";
const count = (n: number): Cell => ({ text: n.toLocaleString("en-US"), csv: String(n) });
const days = (n: number | null): Cell => (n === null ? { text: NONE, csv: "" } : { text: n.toFixed(1), csv: String(n) });
const percent = (share: number | null): Cell =>
  share === null ? { text: NONE, csv: "" } : { text: `${(share * 100).toFixed(1)}%`, csv: String(Math.round(share * 10_000) / 100) };
const money = (minor: number, currency: string): Cell => ({ text: formatMoney(minor, currency), csv: minorToInput(minor, currency) });
const text = (value: string): Cell => ({ text: value });

/** "May 2026" for "2026-05". */
export const monthLabel = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** A source as the reports name it: leads without one are grouped as "No source". */
export const sourceLabel = (source: string | null): string => source ?? "No source";

/** The table's rows as CSV rows: the headers, then each cell's CSV value. */
export function csvRows(table: ReportTable): string[][] {
  return [table.columns.map((c) => c.header), ...table.rows.map((row) => row.cells.map((cell) => cell.csv ?? cell.text))];
}

/** Per stage: the leads that entered it in the period, how many of them reached each later stage, were won and were lost. */
export function funnelTable(report: FunnelReport): ReportTable {
  return {
    caption: `Conversion funnel, ${formatDay(report.period.from)} to ${formatDay(report.period.to)}`,
    columns: [
      { header: "Stage" },
      { header: "Entered", numeric: true },
      ...LEAD_STAGES.slice(1).map((stage) => ({ header: `Reached ${stage}`, numeric: true })),
      { header: "Won", numeric: true },
      { header: "Lost", numeric: true },
    ],
    rows: report.stages.map((row) => {
      const reached = new Map(row.reached.map((r) => [r.stage, r.count]));
      return {
        key: row.stage,
        cells: [
          text(row.stage),
          count(row.entered),
          ...LEAD_STAGES.slice(1).map((stage) => {
            const n = reached.get(stage);
            return n === undefined ? { text: NONE, csv: "" } : count(n);
          }),
          count(row.won),
          count(row.lost),
        ],
      };
    }),
  };
}

export function timeInStageTable(report: TimeInStageReport): ReportTable {
  return {
    caption: `Time in stage, stays ended ${formatDay(report.period.from)} to ${formatDay(report.period.to)}, in days`,
    columns: [
      { header: "Stage" },
      { header: "Stays ended", numeric: true },
      { header: "Median days", numeric: true },
      { header: "90th percentile days", numeric: true },
      { header: "Open now", numeric: true },
    ],
    rows: report.stages.map((row) => ({
      key: row.stage,
      cells: [text(row.stage), count(row.ended), days(row.medianDays), days(row.p90Days), count(row.open)],
    })),
  };
}

export function velocityTable(report: VelocityReport, names: Names): ReportTable {
  const row = (key: string, by: string, group: string, v: { won: number; medianDays: number | null }) => ({
    key,
    cells: [text(by), text(group), count(v.won), days(v.medianDays)],
  });
  return {
    caption: `Velocity: days from New Lead to Contract Signed of the deals won ${formatDay(report.period.from)} to ${formatDay(report.period.to)}`,
    columns: [{ header: "By" }, { header: "Group" }, { header: "Won", numeric: true }, { header: "Median days", numeric: true }],
    rows: [
      row("all", "All", "All deals", report.overall),
      ...report.byMonth.map((m) => row(`month:${m.month}`, "Month", monthLabel(m.month), m)),
      ...report.bySource.map((s) => row(`source:${s.source}`, "Source", sourceLabel(s.source), s)),
      ...report.byOwner.map((o) => row(`owner:${o.ownerId}`, "Owner", names.person(o.ownerId), o)),
    ],
  };
}

export function winRateTable(report: WinRateReport, names: Names): ReportTable {
  const row = (key: string, by: string, group: string, o: { won: number; lost: number; winRate: number | null }) => ({
    key,
    cells: [text(by), text(group), count(o.won), count(o.lost), percent(o.winRate)],
  });
  return {
    caption: `Win rate and lost reasons, ${formatDay(report.period.from)} to ${formatDay(report.period.to)}`,
    columns: [{ header: "By" }, { header: "Group" }, { header: "Won", numeric: true }, { header: "Lost", numeric: true }, { header: "Win rate (%)", numeric: true }],
    rows: [
      row("all", "All", "All deals", report.overall),
      ...report.bySource.map((s) => row(`source:${s.source}`, "Source", sourceLabel(s.source), s)),
      ...report.byOwner.map((o) => row(`owner:${o.ownerId}`, "Owner", names.person(o.ownerId), o)),
      ...report.lostReasons.map((r) => ({
        key: `reason:${r.reason}`,
        cells: [text("Lost reason"), text(r.reason), { text: NONE, csv: "" }, count(r.count), { text: NONE, csv: "" }],
      })),
    ],
  };
}

export function forecastTable(report: ForecastReport): ReportTable {
  const { currency } = report;
  const blank = { text: NONE, csv: "" };
  return {
    caption: `Forecast of open deals by expected close month beside the deals won in the last 12 months, in ${currency}`,
    columns: [
      { header: "Month" },
      { header: "Kind" },
      { header: "Deals", numeric: true },
      { header: `Value (${currency})`, numeric: true },
      { header: `Weighted (${currency})`, numeric: true },
    ],
    rows: [
      ...report.actuals.map((a) => ({
        key: `won:${a.month}`,
        cells: [text(monthLabel(a.month)), text("Won"), count(a.won), money(a.valueMinor, currency), blank],
      })),
      ...report.months.map((m) => ({
        key: `open:${m.month}`,
        cells: [text(monthLabel(m.month)), text("Open"), count(m.count), money(m.valueMinor, currency), money(m.weightedMinor, currency)],
      })),
      {
        key: "undated",
        cells: [text("No close date"), text("Open"), count(report.undated.count), money(report.undated.valueMinor, currency), money(report.undated.weightedMinor, currency)],
      },
    ],
  };
}

/** "Calls", "Meetings", "Emails", "SMS": the activity kinds as column headers and legend entries. */
export const ACTIVITY_LABELS: Readonly<Record<(typeof ACTIVITY_KINDS)[number], string>> = { call: "Calls", meeting: "Meetings", email: "Emails", sms: "SMS" };

export function activityTable(report: ActivityReport, names: Names): ReportTable {
  return {
    caption: `Activity per person per week, ${formatDay(report.period.from)} to ${formatDay(report.period.to)}`,
    columns: [
      { header: "Week of" },
      { header: "Person" },
      ...ACTIVITY_KINDS.map((kind) => ({ header: ACTIVITY_LABELS[kind], numeric: true })),
      { header: "Total", numeric: true },
    ],
    rows: report.rows.map((row) => ({
      key: `${row.week}:${row.userId}`,
      cells: [
        { text: formatDay(row.week), csv: row.week },
        text(names.person(row.userId)),
        ...ACTIVITY_KINDS.map((kind) => count(row[kind])),
        count(ACTIVITY_KINDS.reduce((sum, kind) => sum + row[kind], 0)),
      ],
    })),
  };
}

export function staleLeadsTable(stale: StaleLeads, names: Names): ReportTable {
  return {
    caption: "Open leads with no activity for longer than their stage allows, longest idle first",
    columns: [
      { header: "Lead" },
      { header: "Business" },
      { header: "Stage" },
      { header: "Owner" },
      { header: "Idle days", numeric: true },
      { header: "Limit days", numeric: true },
    ],
    rows: stale.leads.map((lead) => ({
      key: lead.id,
      cells: [
        { text: lead.name, href: `/lead/${lead.id}` },
        text(lead.business),
        text(lead.stage),
        text(names.person(lead.ownerId)),
        count(lead.idleDays),
        count(lead.limitDays),
      ],
    })),
  };
}

/** The CSV's file name: the report and the days it covers ("funnel-2026-05-01-to-2026-05-31.csv"), or the day it was taken. */
export function csvFileName(report: string, span: { from: string; to: string } | { on: string }): string {
  return "on" in span ? `${report}-${span.on}.csv` : `${report}-${span.from}-to-${span.to}.csv`;
}
