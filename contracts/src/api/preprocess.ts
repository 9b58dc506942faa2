// zod/mini, because the browser imports the request bodies built with these (their forms use the bodies' rules).
import { z } from "zod/mini";

/**
 * zod/mini has no z.preprocess. Classic's is this same pipe (a transform, then the schema), and the
 * type is classic's: the key is optional in the input exactly when the schema is, as the parse behaves.
 */
export type ZodMiniPreprocess<T extends z.core.$ZodType> = z.ZodMiniType<z.output<T>, unknown, z.core.$ZodPreprocessInternals<T, unknown>>;
export const preprocess = <T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema) as unknown as ZodMiniPreprocess<T>;

/** A blank text (empty or spaces only) becomes null: a form's emptied field clears the value. */
export const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
