import type { Request } from "express";
import { UnauthenticatedError } from "@crm/contracts/api/errors";
import { CalendarFeedIssued, calendarFeedPath } from "@crm/contracts/meeting/calendar";
import { calendarFeedTokens } from "@crm/infra/calendar/feed-tokens";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";

export interface CalendarFeedDeps {
  /** The database itself: feed tokens are secrets, not events (like sessions). */
  db: Queryable;
  now: () => Date;
}

function accountOf(req: Request): string {
  if (!req.account) throw new UnauthenticatedError();
  return req.account.id;
}

/**
 * POST /api/calendar/feed (turn the person's own feed on, or renew its URL) and DELETE (turn it off):
 * docs/product.md, "Profile". Each acts on the signed-in person's feed only; the URL is in the
 * answer to the POST and nowhere else, since only its hash is kept.
 */
export const calendarFeedCommandRoutes = routeGroup(
  ({ db, now }: CalendarFeedDeps) => ({ tokens: calendarFeedTokens(db, now) }),
  (route) => [
    route({
      method: "POST",
      path: "/api/calendar/feed",
      allow: APPROVED,
      tag: "calendar",
      summary: "Turn on, or renew, one's personal calendar feed (the earlier URL stops working)",
      responses: { 201: CalendarFeedIssued },
      handle: async ({ req, res }, { tokens }) => {
        const { token, createdAt } = await tokens.issue(accountOf(req));
        const body: CalendarFeedIssued = { path: calendarFeedPath(token), createdAt };
        res.status(201).setHeader("Cache-Control", "no-store").json(body);
      },
    }),
    route({
      method: "DELETE",
      path: "/api/calendar/feed",
      allow: APPROVED,
      tag: "calendar",
      summary: "Turn off one's personal calendar feed",
      responses: { 204: "empty" },
      handle: async ({ req, res }, { tokens }) => {
        await tokens.revoke(accountOf(req));
        res.status(204).end();
      },
    }),
  ],
);
