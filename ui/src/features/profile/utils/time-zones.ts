import { isTimeZone } from "@crm/contracts/user/commands";

/** The zone's canonical spelling ("europe/paris" -> "Europe/Paris"), or the text as it was when the browser does not know it. */
export function canonicalTimeZone(name: string): string {
  if (!isTimeZone(name)) return name;
  return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
}

/** The time now in a zone, e.g. "2:05 PM", or undefined for an unknown zone. */
export function timeIn(zone: string, now: Date = new Date()): string | undefined {
  if (!isTimeZone(zone)) return undefined;
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", weekday: "short" }).format(now);
}
