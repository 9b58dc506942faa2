import { expiredLink } from "@crm/contracts/client-link/client-link";
import type { EventOf } from "@crm/contracts/events/registry";
import type { QuestionnaireAnswers } from "@crm/contracts/questionnaire/fields";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const QUESTIONNAIRE_EVENT_TYPES = ["QuestionnaireSubmitted"] as const;
export type QuestionnaireEvent = EventOf<(typeof QUESTIONNAIRE_EVENT_TYPES)[number]>;

/** A lead's questionnaire stream: how many versions were submitted. */
export type QuestionnaireState = { status: "empty" } | { status: "submitted"; leadId: string; versions: number; latestResponseId: string };

/**
 * What the route found before deciding: a live link of an open lead ("open"), or anything else
 * ("unavailable": the public answer is the same for every dead link, decisions/038).
 */
export type LeadAvailability = "open" | "unavailable";

export type QuestionnaireCommand = {
  type: "SubmitQuestionnaire";
  leadId: string;
  responseId: string;
  lead: LeadAvailability;
  answers: QuestionnaireAnswers;
};

export const initialState: QuestionnaireState = { status: "empty" };

export function evolve(state: QuestionnaireState, event: EventEnvelope<QuestionnaireEvent>): QuestionnaireState {
  const { leadId, version, responseId } = event.data;
  return {
    status: "submitted",
    leadId,
    versions: Math.max(version, state.status === "submitted" ? state.versions : 0),
    latestResponseId: responseId,
  };
}

function submit(command: QuestionnaireCommand, state: QuestionnaireState): QuestionnaireEvent[] {
  if (command.lead !== "open") throw expiredLink();
  const version = state.status === "submitted" ? state.versions + 1 : 1;
  return [
    { type: "QuestionnaireSubmitted", data: { responseId: command.responseId, leadId: command.leadId, version, answers: command.answers } },
  ];
}

export const decide = decideBy<QuestionnaireCommand, QuestionnaireState, QuestionnaireEvent>({ SubmitQuestionnaire: submit });

export const questionnaireDecider: Decider<QuestionnaireCommand, QuestionnaireState, QuestionnaireEvent> = {
  initialState,
  eventTypes: QUESTIONNAIRE_EVENT_TYPES,
  evolve,
  decide,
};
