import type { QuestionnaireAnswers } from "@crm/contracts/questionnaire/fields";
import { QuestionnaireAccepted } from "@crm/contracts/questionnaire/answers";
import { AnswerShapeError } from "@/lib/api-client";

const SUBMIT_URL = "/api/questionnaire";

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

/**
 * POST /api/questionnaire with the link's token: public, so sent without credentials (apiRequest
 * sends them); failures carry the server's error text, and the answer is parsed with its contract.
 */
export async function submitQuestionnaire(token: string, answers: QuestionnaireAnswers): Promise<QuestionnaireAccepted> {
  let res: Response;
  try {
    res = await fetch(SUBMIT_URL, {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, ...answers }),
    });
  } catch {
    throw new SubmissionError(0, "We could not reach the server. Check your connection and try again.");
  }
  if (!res.ok) throw new SubmissionError(res.status, await readError(res));
  const parsed = QuestionnaireAccepted.safeParse(await res.json());
  if (!parsed.success) throw new AnswerShapeError("POST", SUBMIT_URL, parsed.error.issues);
  return parsed.data;
}
