import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const INBOUND_EVENT_TYPES = ["InboundEmailReceived", "InboundEmailDiscarded", "InboundEmailAssigned"] as const;
export type InboundEvent = EventOf<(typeof INBOUND_EVENT_TYPES)[number]>;

/** One inbound message's stream: not there, kept without content (an erased lead), or received (on a lead or not). */
export type InboundState =
  | { status: "none" }
  | { status: "discarded" }
  | { status: "received"; inboundId: string; leadId: string | null; received: EventOf<"InboundEmailReceived">["data"] };

export type InboundCommand = { type: "AssignInbound"; inboundId: string; leadId: string };

export const initialState: InboundState = { status: "none" };

export function evolve(state: InboundState, event: EventEnvelope<InboundEvent>): InboundState {
  switch (event.type) {
    case "InboundEmailReceived":
      return { status: "received", inboundId: event.data.inboundId, leadId: event.data.leadId, received: event.data };
    case "InboundEmailDiscarded":
      return { status: "discarded" };
    case "InboundEmailAssigned":
      return state.status === "received" ? { ...state, leadId: event.data.leadId } : state;
    default:
      return state;
  }
}

const decide = decideBy<InboundCommand, InboundState, InboundEvent>({
  /** A colleague puts an unmatched message on a lead (docs/product.md, "Replies"); once only. */
  AssignInbound: (command, state) => {
    if (state.status !== "received" || state.inboundId !== command.inboundId) throw new NotFoundError("Message");
    if (state.leadId !== null) throw new ConflictError("This message is already on a lead.");
    return [{ type: "InboundEmailAssigned", data: { inboundId: command.inboundId, leadId: command.leadId } }];
  },
});

export const inboundDecider: Decider<InboundCommand, InboundState, InboundEvent> = {
  initialState,
  eventTypes: INBOUND_EVENT_TYPES,
  evolve,
  decide,
};
