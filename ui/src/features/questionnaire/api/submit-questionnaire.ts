import { useMutation } from "@tanstack/react-query";
import type { QuestionnaireAnswers } from "@crm/contracts/questionnaire/fields";

/** A refused submission; the message is the server's `error` field (docs/product.md, "Validation and errors"). */
export class SubmissionError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "SubmissionError";
    this.status = status;
  }
}

const GENERIC = "Something went wrong while sending your answers. Please try again.";

async function readError(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === "string" && body.error ? body.error : GENERIC;
  } catch {
    return GENERIC;
  }
}

/** POST /api/questionnaire with the link's token: public, no credentials; failures carry the server's error text. */
export async function submitQuestionnaire(token: string, answers: QuestionnaireAnswers): Promise<{ id: string; version: number }> {
  let res: Response;
  try {
    res = await fetch("/api/questionnaire", {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, ...answers }),
    });
  } catch {
    throw new SubmissionError(0, "We could not reach the server. Check your connection and try again.");
  }
  if (!res.ok) throw new SubmissionError(res.status, await readError(res));
  return (await res.json()) as { id: string; version: number };
}

/** The public questionnaire's submit. */
export function useSubmitQuestionnaire(token: string) {
  return useMutation({ mutationFn: (answers: QuestionnaireAnswers) => submitQuestionnaire(token, answers) });
}
