import { NotFoundError } from "@crm/contracts/api/errors";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { leadDecider, type LeadState } from "../lead/lead.decider.ts";
import { fold, type EventEnvelope } from "../shared/decider.ts";

export type OpenLead = Extract<LeadState, { status: "open" }>;

/** The lead as its own stream says now (not a read model); 404 when it does not exist or is archived. */
export async function loadOpenLead(store: EventStore, leadId: string): Promise<OpenLead> {
  const events = await store.readStream(leadStreamId(leadId));
  const state = fold(leadDecider, events as unknown as EventEnvelope<Parameters<typeof leadDecider.evolve>[1]>[]);
  if (state.status !== "open") throw new NotFoundError("Lead");
  return state;
}
