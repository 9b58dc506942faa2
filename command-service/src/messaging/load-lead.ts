import { leadErased } from "@crm/contracts/erasure/lead-erased";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { leadDecider, openLead, type LeadState } from "../lead/lead.decider.ts";
import { foldRecorded } from "../core/decider.ts";

export type OpenLead = Extract<LeadState, { status: "open" }>;

/** The lead as its own stream says now (not a read model); 404 when it does not exist or is archived, 409 once erased. */
export async function loadOpenLead(store: EventStore, leadId: string): Promise<OpenLead> {
  const events = await store.readStream(leadStreamId(leadId));
  return openLead(foldRecorded(leadDecider, events));
}

/** Whether the lead was erased (decisions/039): its messages still waiting are not sent. */
export async function isLeadErased(store: EventStore, leadId: string): Promise<boolean> {
  return (await store.readStream(leadStreamId(leadId))).some((e) => e.type === "LeadErased");
}

/**
 * Refuses (409) a command on another stream of a lead (a meeting's) once the lead was erased: its
 * events name the lead by the leadId of their data. A stream without one is left to its decider.
 */
export async function refuseErasedLeadOf(store: EventStore, streamId: string): Promise<void> {
  const leadId = ((await store.readStream(streamId))[0]?.data as { leadId?: unknown } | undefined)?.leadId;
  if (typeof leadId === "string" && (await isLeadErased(store, leadId))) throw leadErased();
}
