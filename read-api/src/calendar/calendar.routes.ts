import { createHash } from "node:crypto";
import type { Request } from "express";
import { z } from "zod";
import { NotFoundError, UnauthenticatedError } from "@crm/contracts/api/errors";
import {
  CALENDAR_FEED_FILE,
  CalendarConfig,
  CalendarFeedStatus,
  FEED_HISTORY_DAYS,
  type CalendarFeedStatus as FeedStatus,
} from "@crm/contracts/meeting/calendar";
import { meetingDescription, meetingUid } from "@crm/contracts/meeting/calendar-text";
import type { ConferenceProvider, Meeting } from "@crm/contracts/meeting/meeting";
import { buildFeed, type FeedEvent } from "@crm/infra/calendar/ics";
import { calendarFeedTokens } from "@crm/infra/calendar/feed-tokens";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED, PUBLIC } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { meetingsOrganisedBy } from "../meetings/meetings.queries.ts";

export interface CalendarReadDeps {
  /** The database itself, for the feed tokens (no read model). */
  db: Queryable;
  /** The meetings read model, for the feed's events. */
  meetings: Queryable;
  /** Which provider a new video meeting gets: "google" when the Calendar API is configured. */
  videoProvider: ConferenceProvider;
  now: () => Date;
}

/** How long a subscribing calendar may keep a copy before asking again (they poll every few hours anyway). */
const FEED_MAX_AGE_SECONDS = 15 * 60;

const FeedParams = z.object({
  file: z.string().regex(CALENDAR_FEED_FILE, "A calendar feed is /api/calendar/feeds/{token}.ics"),
});

function accountOf(req: Request): string {
  if (!req.account) throw new UnauthenticatedError();
  return req.account.id;
}

const toFeedEvent = (m: Meeting): FeedEvent => ({
  uid: meetingUid(m.id),
  sequence: m.sequence,
  start: m.startTime,
  end: m.endTime,
  stamp: m.updatedAt,
  summary: m.title.replace(/[\r\n]+/g, " "),
  description: meetingDescription({ ...m, joinLink: m.meetLink }),
  location: m.meetingType === "in-person" ? m.location : m.meetLink,
  url: m.meetLink,
});

/**
 * GET /api/calendar/config (which video provider new meetings get), GET /api/calendar/feed (whether
 * one's own feed is on) and the feed itself, GET /api/calendar/feeds/{token}.ics: public, the token
 * being its only credential (docs/product.md, "Profile"). It holds the meetings the colleague
 * scheduled; cancelled ones are left out, so a subscribed calendar drops them at its next poll.
 */
export const calendarReadRoutes = routeGroup(
  (deps: CalendarReadDeps) => ({ ...deps, tokens: calendarFeedTokens(deps.db, deps.now) }),
  (route) => [
    route({
      method: "GET",
      path: "/api/calendar/config",
      allow: APPROVED,
      tag: "calendar",
      summary: "The video provider new meetings get (Jitsi, or Google Meet when configured)",
      responses: { 200: CalendarConfig },
      handle: ({ res }, { videoProvider }) => {
        const body: CalendarConfig = { videoProvider };
        res.json(body);
      },
    }),
    route({
      method: "GET",
      path: "/api/calendar/feed",
      allow: APPROVED,
      tag: "calendar",
      summary: "Whether one's personal calendar feed is on (its URL is shown only when made)",
      cache: "no-store",
      responses: { 200: CalendarFeedStatus },
      handle: async ({ req, res }, { tokens }) => {
        const createdAt = (await tokens.createdAt(accountOf(req))) ?? null;
        const body: FeedStatus = { active: createdAt !== null, createdAt };
        res.json(body);
      },
    }),
    route({
      method: "GET",
      path: "/api/calendar/feeds/:file",
      allow: PUBLIC,
      tag: "calendar",
      summary: "A personal calendar feed (iCalendar; the token in its URL is the credential)",
      params: FeedParams,
      responses: { 200: { mediaType: "text/calendar" }, 304: "empty" },
      handle: async ({ req, res, params: { file } }, { tokens, meetings, now }) => {
        const token = CALENDAR_FEED_FILE.exec(file)![1]!;
        const accountId = await tokens.accountOf(token);
        if (!accountId) throw new NotFoundError("Calendar feed");
        const since = new Date(now().getTime() - FEED_HISTORY_DAYS * 24 * 3600_000).toISOString();
        const body = buildFeed("CRM meetings", (await meetingsOrganisedBy(meetings, accountId, since)).map(toFeedEvent));
        const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
        res.setHeader("Cache-Control", `private, max-age=${FEED_MAX_AGE_SECONDS}`).setHeader("ETag", etag);
        if (req.get("if-none-match") === etag) return res.status(304).end();
        res.type("text/calendar; charset=utf-8").send(body);
      },
    }),
  ],
);
