import type { RequestHandler } from "express";
import { ValidationError } from "@crm/contracts/api/errors";

/** NUL, or a surrogate without its partner: Postgres text and jsonb cannot hold them (the insert fails). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this must find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path ("name", "rows.3.email") of the first key or string in a parsed JSON value that holds
 * unstorable characters, or undefined. Iterative: a body of 10,000 nested arrays must not overflow the stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return path || "body";
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (v !== null && typeof v === "object") {
      for (const [key, item] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return at.replace(UNSTORABLE, "?");
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

/** After a JSON body parser: refuses text the database cannot store with a 400 naming the field, not a 500 at insert. */
export const storableTextOnly: RequestHandler = (req, _res, next) => {
  const field = findUnstorableText(req.body);
  if (field !== undefined)
    return next(new ValidationError([{ field, message: "Contains a character that cannot be stored (NUL or an unpaired surrogate)" }]));
  next();
};

/** The same for the query string (?search=%00 would fail in SQL): a 400 naming the parameter. */
export const storableQueryOnly: RequestHandler = (req, _res, next) => {
  const field = findUnstorableText(req.query);
  if (field !== undefined)
    return next(new ValidationError([{ field, message: "Contains a character that cannot be stored (NUL or an unpaired surrogate)" }]));
  next();
};
