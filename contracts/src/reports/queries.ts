import { z } from "zod";
import { leadFields } from "../lead/commands.ts";
import { daysIn } from "./period.ts";

/** The longest span a report covers: a little over five years of days. */
export const MAX_REPORT_DAYS = 1_900;

const Day = (label: string) => z.iso.date({ error: `${label} is a day, YYYY-MM-DD` });

/** What every report can be narrowed to: the leads' current owner, source and priority. */
export const ReportFilter = z.object({
  owner: z.uuid("Owner ids are UUIDs").optional(),
  source: z.string().trim().min(1, "A source cannot be empty").max(200, "At most 200 characters").optional(),
  priority: z.optional(leadFields.priority),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

/**
 * GET /api/reports/*: the period, as whole days of the agency's calendar (both included; by
 * default this month), and the filter.
 */
export const ReportQuery = ReportFilter.extend({
  from: Day("from").optional(),
  to: Day("to").optional(),
}).superRefine((q, ctx) => {
  if (q.from === undefined || q.to === undefined) {
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({ code: "custom", path: [q.from === undefined ? "from" : "to"], message: "Give both from and to, or neither" });
    return;
  }
  if (q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: "to is on or after from" });
  else if (daysIn({ from: q.from, to: q.to }) > MAX_REPORT_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: `A period holds at most ${MAX_REPORT_DAYS} days` });
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** GET /api/leads/board/past: the day whose end the board is shown at, and optionally a day to compare with. */
export const PastBoardQuery = ReportFilter.extend({
  day: Day("day"),
  since: Day("since").optional(),
}).superRefine((q, ctx) => {
  if (q.since !== undefined && q.since > q.day) ctx.addIssue({ code: "custom", path: ["since"], message: "since is on or before day" });
});
export type PastBoardQuery = z.infer<typeof PastBoardQuery>;
