import { describe, expect, it } from "vitest";
import { ApiError } from "@crm/contracts/api/errors";
import { EXPIRED_LINK_MESSAGE } from "@crm/contracts/client-link/client-link";
import { emptyAnswers } from "@crm/contracts/questionnaire/fields";
import { questionnaireDecider, type QuestionnaireCommand, type QuestionnaireEvent } from "../src/questionnaire/questionnaire.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const FIRST = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const SECOND = "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a02";
const questionnaire = expectDecision(questionnaireDecider);

const answers = { ...emptyAnswers(), instagramFollowers: 1200, brandWords: "bold warm local honest fresh" };
const submit = (responseId: string, lead: "open" | "unavailable" = "open"): QuestionnaireCommand => ({
  type: "SubmitQuestionnaire",
  leadId: LEAD_ID,
  responseId,
  lead,
  answers,
});
const submitted = (responseId: string, version: number): QuestionnaireEvent => ({
  type: "QuestionnaireSubmitted",
  data: { responseId, leadId: LEAD_ID, version, answers },
});

describe("questionnaire decider", () => {
  it("records the first submission of an open lead as version 1", () => {
    questionnaire
      .given([])
      .when(submit(FIRST))
      .thenEvents([submitted(FIRST, 1)]);
  });

  it("keeps a second submission as the next version", () => {
    questionnaire
      .given([submitted(FIRST, 1)])
      .when(submit(SECOND))
      .thenEvents([submitted(SECOND, 2)]);
  });

  it("answers 410 with the expired-link message for any dead link, the same before and after answers", () => {
    const fresh = () => questionnaire.given([]).when(submit(FIRST, "unavailable")).events;
    const after = () => questionnaire.given([submitted(FIRST, 1)]).when(submit(SECOND, "unavailable")).events;
    expect(fresh).toThrow(ApiError);
    expect(fresh).toThrow(EXPIRED_LINK_MESSAGE);
    expect(after).toThrow(EXPIRED_LINK_MESSAGE);
    expect(() => fresh()).toThrow(expect.objectContaining({ status: 410 }));
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message(fresh)).toBe(message(after));
  });

  it("remembers the latest version and response", () => {
    expect(questionnaire.given([submitted(FIRST, 1), submitted(SECOND, 2)]).state).toEqual({
      status: "submitted",
      leadId: LEAD_ID,
      versions: 2,
      latestResponseId: SECOND,
    });
  });
});
