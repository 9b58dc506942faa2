import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { toWallTime } from "@crm/contracts/time/date-time";
import { todayIn } from "@/lib/format";

export interface StageCount {
  stage: LeadStage;
  count: number;
}

/** How many leads sit in each stage, all ten stages in pipeline order. */
export function leadsPerStage(leads: readonly Pick<Lead, "stage">[]): StageCount[] {
  const counts = new Map<string, number>();
  for (const lead of leads) counts.set(lead.stage, (counts.get(lead.stage) ?? 0) + 1);
  return LEAD_STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 }));
}

export interface WeekCount {
  /** The week's Monday, as a calendar day (YYYY-MM-DD) in the reader's zone. */
  weekStart: string;
  count: number;
}

/** The calendar day (YYYY-MM-DD) shifted by some days. */
const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The Monday (YYYY-MM-DD) of the week holding a calendar day. */
export function startOfWeek(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Leads created in each of the last `weeks` weeks (Monday-based), oldest first, this week last. Days
 * are the reader's (zone): a lead created on Sunday 23:30 in Berlin counts in that week, whatever UTC says.
 */
export function newLeadsPerWeek(leads: readonly Pick<Lead, "createdAt">[], now: Date, zone: string, weeks = 8): WeekCount[] {
  const thisWeek = startOfWeek(todayIn(zone, now));
  const buckets: WeekCount[] = Array.from({ length: weeks }, (_, i) => ({ weekStart: addDays(thisWeek, -7 * (weeks - 1 - i)), count: 0 }));
  const byWeek = new Map(buckets.map((b) => [b.weekStart, b]));
  for (const lead of leads) {
    const day = toWallTime(lead.createdAt, zone).slice(0, 10);
    if (day === "") continue;
    const bucket = byWeek.get(startOfWeek(day));
    if (bucket) bucket.count += 1;
  }
  return buckets;
}
