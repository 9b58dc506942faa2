import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";

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
  weekStart: Date;
  count: number;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 (local time) of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** Leads created in each of the last `weeks` weeks (Monday-based), oldest first, this week last. */
export function newLeadsPerWeek(leads: readonly Pick<Lead, "createdAt">[], now: Date, weeks = 8): WeekCount[] {
  const thisWeek = startOfWeek(now);
  const buckets: WeekCount[] = Array.from({ length: weeks }, (_, i) => {
    const weekStart = new Date(thisWeek);
    weekStart.setDate(thisWeek.getDate() - 7 * (weeks - 1 - i));
    return { weekStart, count: 0 };
  });
  const first = buckets[0]!.weekStart.getTime();
  for (const lead of leads) {
    const created = new Date(lead.createdAt).getTime();
    if (Number.isNaN(created) || created < first) continue;
    const index = Math.floor((startOfWeek(new Date(created)).getTime() - first) / (7 * DAY_MS) + 0.5);
    const bucket = buckets[index];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}
