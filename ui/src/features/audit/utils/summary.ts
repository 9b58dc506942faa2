import type { AuditActor } from "@crm/contracts/audit/workbench";

/** How many of an event's fields its row shows, and how long each value may be there. */
const SUMMARY_FIELDS = 3;
const VALUE_MAX = 40;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A value as one short line: text as it is, anything else as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * An event's data in a line: its first few fields that hold something ("stage: Contacted · reason: …");
 * the full data is in the entity's state and in the exports.
 */
export function summarize(data: Record<string, unknown>): string {
  const fields = Object.entries(data).filter(([, value]) => value !== null && value !== undefined && value !== "");
  const shown = fields.slice(0, SUMMARY_FIELDS).map(([key, value]) => `${key}: ${clip(showValue(value), VALUE_MAX)}`);
  return fields.length > SUMMARY_FIELDS ? `${shown.join(" · ")} · +${fields.length - SUMMARY_FIELDS} more` : shown.join(" · ");
}

/** The non-staff actors the log knows (contracts/src/audit/workbench.ts, AuditEventFilters.actor). */
export const OTHER_ACTORS = [
  { id: "system", name: "The system" },
  { id: "public", name: "A client (public link)" },
] as const;

/** Who an event's actor is, in words: their name, else what kind of actor, else the id itself. */
export function actorName(actor: AuditActor): string {
  return actor.name ?? OTHER_ACTORS.find((other) => other.id === actor.id)?.name ?? actor.id;
}
