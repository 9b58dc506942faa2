import { PastBoardQuery, ReportFilter } from "@crm/contracts/reports/queries";
import { dayStart } from "@crm/contracts/reports/period";
import { PastBoard, StaleLeads } from "@crm/contracts/reports/reports";
import { addDays } from "@crm/contracts/time/date-time";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { pastBoardJson } from "./past-board.queries.ts";
import { readStaleLeads } from "./stale.queries.ts";
import { reportReadSetup } from "./report-reads.ts";

/** The end of a calendar day in the zone: the next day's first instant. */
const endOf = (day: string, zone: string) => dayStart(addDays(day, 1), zone);

/** GET /api/leads/board/past and GET /api/leads/stale: the board on any past day, and the leads gone quiet. */
export const pastBoardReadRoutes = routeGroup(reportReadSetup, (route) => [
  route({
    method: "GET",
    path: "/api/leads/board/past",
    allow: STAFF,
    tag: "leads",
    summary:
      "The board at the end of a day in the agency's zone (read-only): each column's count, value, weighted value and every card; with ?since=, where each card stood at the end of that day and the leads lost or archived between",
    query: PastBoardQuery,
    responses: { 200: PastBoard },
    handle: async ({ res, query: { day, since, ...filter } }, { db, settings }) => {
      const { timeZone, stageProbabilities } = await settings();
      const asOf = endOf(day, timeZone);
      const sinceAsOf = since === undefined ? undefined : endOf(since, timeZone);
      const board = await pastBoardJson(db, { asOf, ...(sinceAsOf ? { sinceAsOf } : {}), filter, probabilities: stageProbabilities });
      // The columns and left leads arrive as JSON text from Postgres: the head's fields go in front of them.
      const head: Omit<PastBoard, "columns" | "left"> = { day, asOf, timeZone, since: since ?? null };
      res.type("json").send(`${JSON.stringify(head).slice(0, -1)},${board.slice(1)}`);
    },
  }),
  route({
    method: "GET",
    path: "/api/leads/stale",
    allow: STAFF,
    tag: "leads",
    summary:
      "The open leads with no activity for longer than their stage's limit (the agency's settings), longest idle first; every one, unpaged, for the board's flags",
    query: ReportFilter,
    responses: { 200: StaleLeads },
    handle: async ({ res, query: filter }, { db, settings, now }) => {
      const answer: StaleLeads = await readStaleLeads(db, (await settings()).staleAfterDays, filter, now());
      res.json(answer);
    },
  }),
]);
