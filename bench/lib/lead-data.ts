import { randomUUID } from "node:crypto";
import type { DomainEvent, EventMetadata } from "@crm/contracts/events/registry";
import { LEAD_PRIORITIES } from "@crm/contracts/lead/lead";
import { leadCreatedEvent, type LeadCreatedEvent } from "@crm/contracts/testing/lead-events";

let counter = 0;

/** A valid LeadCreated event for a new lead, with plausible field sizes. */
export function leadCreated(leadId = randomUUID()): LeadCreatedEvent {
  const n = ++counter;
  return leadCreatedEvent(leadId, {
    name: `Bench Lead ${n}`,
    business: `Studio ${n % 997}`,
    email: `lead${n}@example.com`,
    phone: n % 3 === 0 ? null : `+1 555 ${String(n % 10_000).padStart(4, "0")}`,
    source: "Referral",
    priority: LEAD_PRIORITIES[n % 3]!,
  });
}

/** Metadata as a command would write it. */
export function benchMetadata(commandId = randomUUID()): EventMetadata {
  return { actor: "bench", at: new Date().toISOString(), commandId, correlationId: commandId };
}

/** Creates body for POST /api/leads. */
export function createLeadBody() {
  const { data } = leadCreated();
  return { name: data.name, business: data.business, email: data.email, phone: data.phone, source: data.source, priority: data.priority };
}

/** A body for PATCH /api/leads/{id}: a note, as leadBatch's detail edits carry. */
export const changeLeadBody = () => ({ notes: `Call back, edit ${++counter}` });

/** A new lead's first `size` events: LeadCreated, then detail edits (what one append carries). */
export function leadBatch(size: number): DomainEvent[] {
  const created = leadCreated();
  const { leadId } = created.data;
  const edits = Array.from({ length: size - 1 }, (_, i): DomainEvent => ({
    type: "LeadDetailsChanged",
    data: { leadId, changes: { notes: `Call back, edit ${i + 1}` } },
  }));
  return [created, ...edits];
}

/** One of `items`, at random (a lead id, a stage). */
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
