import type { DomainEvent } from "../events/registry.ts";
import type { LeadActivityDescription } from "../messaging/describe.ts";

/** How a questionnaire event reads on its lead's timeline; undefined for other events. */
export function describeQuestionnaireEvent(event: DomainEvent): LeadActivityDescription | undefined {
  if (event.type !== "QuestionnaireSubmitted") return undefined;
  const { leadId, version, answers } = event.data;
  const answered = Object.values(answers).filter((v) => v !== null).length;
  return {
    leadId,
    type: "note",
    title: version === 1 ? "Onboarding questionnaire submitted" : `Onboarding questionnaire updated (version ${version})`,
    description: `${answered} ${answered === 1 ? "answer" : "answers"} from the client`,
  };
}
