/**
 * The calendar answers (docs/product.md, "Meetings, mail and SMS" and "Profile"): which video
 * provider a new meeting gets, and the colleague's personal calendar feed. zod/mini, for the browser.
 */
import { z } from "zod/mini";
import { CONFERENCE_PROVIDERS } from "./answers.ts";

/** GET /api/calendar/config: "google" when the Calendar API is configured (Google Meet links), else "jitsi". */
export const CalendarConfig = z.object({ videoProvider: z.enum(CONFERENCE_PROVIDERS) });
export type CalendarConfig = z.infer<typeof CalendarConfig>;

/** Where a feed is served: the token is its only credential (a secret URL, like Google's "secret address"). */
export const CALENDAR_FEED_PREFIX = "/api/calendar/feeds/";
export const calendarFeedPath = (token: string) => `${CALENDAR_FEED_PREFIX}${token}.ics`;

/** A feed token as issued: 160 random bits in lower-case base32 (as session tokens are). */
export const CALENDAR_FEED_FILE = /^([a-z2-7]{32})\.ics$/;

/** GET /api/calendar/feed: whether the person's feed is on, and since when (its URL is shown only when it is made). */
export const CalendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.nullable(z.string()) });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** POST /api/calendar/feed: a new feed URL path (the earlier one stops working). */
export const CalendarFeedIssued = z.object({ path: z.string(), createdAt: z.string() });
export type CalendarFeedIssued = z.infer<typeof CalendarFeedIssued>;

/** How far back the feed reaches: meetings that ended in the last 90 days, and every later one. */
export const FEED_HISTORY_DAYS = 90;
