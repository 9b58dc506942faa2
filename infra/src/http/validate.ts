import { z, type ZodError } from "zod";
import { ValidationError } from "@crm/contracts/api/errors";

/** One entry per bad field, named by its path ("body" when the whole input is wrong). */
export function fieldErrorsOf(error: ZodError, root = "body") {
  return error.issues.map((issue) => ({
    field:
      issue.path.length > 0
        ? issue.path.join(".")
        : issue.code === "unrecognized_keys"
          ? issue.keys.join(", ")
          : root,
    message: issue.code === "unrecognized_keys" ? "Unknown field" : issue.message,
  }));
}

/** Parses input with a schema, or throws a 400 naming every bad field. */
export function parseOr400<S extends z.core.$ZodType>(schema: S, input: unknown, root = "body"): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  throw new ValidationError(fieldErrorsOf(parsed.error, root));
}
