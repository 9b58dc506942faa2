import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { withRetry, type RetryPolicy } from "@crm/infra/reactor/retry";
import { isPermanentSmsError, type SmsSender } from "@crm/infra/sms/sms-sender";
import { LEAD_ERASED } from "@crm/contracts/erasure/lead-erased";
import { isLeadErased } from "../messaging/load-lead.ts";
import { alreadyDone, recordAttempt, recordOutcome } from "./record-outcome.ts";

export interface SmsReactorDeps {
  store: EventStore;
  sender: SmsSender;
  now: () => Date;
  retry: RetryPolicy;
}

const previewOf = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Sends requested SMS; appends SmsSent or, after the last attempt, SmsFailed. */
export function smsReactor(deps: SmsReactorDeps): Reactor {
  return {
    name: "sms",
    types: ["SmsRequested"],
    async handle(event) {
      if (event.type !== "SmsRequested" || (await alreadyDone(deps.store, "outcome", event))) return;
      const { to, body, leadId } = event.data;
      if (await isLeadErased(deps.store, leadId)) {
        // A request still waiting when its lead was erased is not sent (decisions/039).
        const data = { requestId: event.eventId, leadId, to, preview: previewOf(body), error: LEAD_ERASED, attempts: 1 };
        return recordOutcome(deps.store, event, { type: "SmsFailed", data }, deps.now);
      }
      const result = await withRetry(() => deps.sender.send({ id: event.eventId, to, body }), deps.retry, isPermanentSmsError);
      const common = { requestId: event.eventId, leadId, to, preview: previewOf(body), attempts: result.attempts };
      await recordAttempt(
        deps,
        event,
        result,
        (providerMessageId) => ({ type: "SmsSent", data: { ...common, transport: deps.sender.transport, providerMessageId } }),
        (error) => ({ type: "SmsFailed", data: { ...common, error } }),
      );
    },
  };
}
