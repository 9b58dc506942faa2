import { NotFoundError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import type { QuestionnaireAnswers } from "@crm/contracts/questionnaire/fields";
import type { Decider, EventEnvelope } from "../shared/decider.ts";

export type QuestionnaireEvent = EventOf<"QuestionnaireSubmitted">;

/** A lead's questionnaire stream: how many versions were submitted. */
export type QuestionnaireState = { status: "empty" } | { status: "submitted"; leadId: string; versions: number; latestResponseId: string };

/**
 * What the route found about the lead before deciding: it is "open", or "unavailable" (unknown
 * or archived: the public answer is the same for both, so the decider cannot tell them apart).
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

/** The one answer for a link that leads nowhere, whichever the reason. */
export const invalidLink = () => new NotFoundError("This questionnaire link");

function submit(command: QuestionnaireCommand, state: QuestionnaireState): QuestionnaireEvent[] {
  if (command.lead !== "open") throw invalidLink();
  const version = state.status === "submitted" ? state.versions + 1 : 1;
  return [
    { type: "QuestionnaireSubmitted", data: { responseId: command.responseId, leadId: command.leadId, version, answers: command.answers } },
  ];
}

export function decide(command: QuestionnaireCommand, state: QuestionnaireState): QuestionnaireEvent[] {
  switch (command.type) {
    case "SubmitQuestionnaire":
      return submit(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown command ${String(unknown)}`);
    }
  }
}

export const questionnaireDecider: Decider<QuestionnaireCommand, QuestionnaireState, QuestionnaireEvent> = { initialState, evolve, decide };
