import type { ErrorRequestHandler } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import type { Problem, PublicFormProblem } from "@crm/contracts/api/problem";
import { problemMiddleware } from "@crm/infra/http/problem-middleware";

/** The human text of a problem: the fields' messages when it names fields, else its detail. */
function errorText(problem: { detail?: string; title?: string; errors?: { message: string }[] }): string | undefined {
  if (problem.errors && problem.errors.length > 0) return problem.errors.map((e) => e.message).join(" ");
  return problem.detail ?? problem.title;
}

/**
 * Problems of the public questionnaire endpoint carry an `error` field too, which the page reads
 * (docs/product.md, "Validation and errors"). The problem itself is still built by the one problem middleware.
 */
export function publicProblems(bodyLimitKb: number): ErrorRequestHandler {
  const problems = problemMiddleware();
  return (error, req, res, next) => {
    const tooLarge = (error as { type?: string }).type === "entity.too.large";
    const mapped = tooLarge
      ? new ApiError(413, "Payload too large", `The answers are larger than ${bodyLimitKb} KB; please shorten them.`)
      : error;
    const send = res.send.bind(res);
    res.send = (body: unknown) => {
      if (typeof body !== "string") return send(body);
      const problem = JSON.parse(body) as Problem;
      return send(JSON.stringify({ ...problem, error: errorText(problem) } satisfies PublicFormProblem));
    };
    problems(mapped, req, res, next);
  };
}
