import { formatDate } from "@crm/contracts/time/date-time";

/**
 * Which board /leads shows, from its URL: ?day= (the board at the end of that day) and ?since= (the
 * day its changes are counted from), both days of the agency's calendar (YYYY-MM-DD). Kept in the
 * URL so a link to "the board on 12 Oct, changes since 1 Oct" can be shared.
 */

/** The board at the end of `day`, read-only; with `since`, what changed after the end of that day. */
export interface PastBoardDay {
  day: string;
  since?: string;
}

const isDay = (text: string | null): text is string => {
  if (text === null || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/**
 * The past board the URL asks for, or null for the live board. A day after today (or not a day) is
 * ignored, as is a "since" after the day shown; a "since" alone compares today's board with it.
 * Today without "since" is the live board itself.
 */
export function pastBoardDayOf(params: URLSearchParams, today: string): PastBoardDay | null {
  const asked = params.get("day");
  const day = isDay(asked) && asked <= today ? asked : today;
  const sinceAsked = params.get("since");
  const since = isDay(sinceAsked) && sinceAsked <= day ? sinceAsked : undefined;
  if (day === today && since === undefined) return null;
  return since === undefined ? { day } : { day, since };
}

/**
 * The URL's parameters with a new day and since (undefined removes one; today as the day is the
 * default). A "since" no earlier than the day would compare the board with itself: it is dropped,
 * so moving the day back past it ends the comparison.
 */
export function withBoardDay(params: URLSearchParams, next: { day?: string; since?: string }, today: string): URLSearchParams {
  const updated = new URLSearchParams(params);
  updated.delete("day");
  updated.delete("since");
  if (next.day && next.day !== today) updated.set("day", next.day);
  if (next.since && next.since < (next.day ?? today)) updated.set("since", next.since);
  return updated;
}

/** A calendar day as the app writes dates, "Oct 12, 2026": its noon in UTC is that day in UTC. */
export const formatDay = (day: string): string => formatDate(`${day}T12:00:00Z`, "UTC");
