import { ConflictError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const MESSAGE_EVENT_TYPES = ["EmailRequested", "SmsRequested"] as const;
export type MessageEvent = EventOf<(typeof MESSAGE_EVENT_TYPES)[number]>;
type EmailRequest = EventOf<"EmailRequested">["data"];
type SmsRequest = EventOf<"SmsRequested">["data"];

/** One outgoing email or SMS; its delivery outcome is recorded by the delivery decider. */
export type MessageState = { status: "none" } | { status: "requested"; channel: "email" | "sms"; messageId: string };

export type MessageCommand = { type: "RequestEmail"; email: EmailRequest } | { type: "RequestSms"; sms: SmsRequest };

export const initialState: MessageState = { status: "none" };

export function evolve(state: MessageState, event: EventEnvelope<MessageEvent>): MessageState {
  switch (event.type) {
    case "EmailRequested":
      return { status: "requested", channel: "email", messageId: event.data.messageId };
    case "SmsRequested":
      return { status: "requested", channel: "sms", messageId: event.data.messageId };
    default:
      return state;
  }
}

function requireNew(state: MessageState) {
  if (state.status !== "none") throw new ConflictError("This message was already requested.");
}

export const decide = decideBy<MessageCommand, MessageState, MessageEvent>({
  RequestEmail: (command, state) => {
    requireNew(state);
    return [{ type: "EmailRequested", data: command.email }];
  },
  RequestSms: (command, state) => {
    requireNew(state);
    return [{ type: "SmsRequested", data: command.sms }];
  },
});

export const messageDecider: Decider<MessageCommand, MessageState, MessageEvent> = {
  initialState,
  eventTypes: MESSAGE_EVENT_TYPES,
  evolve,
  decide,
};
