import type { z } from "zod";

/** What replaces a personal value in an erased lead's events and read models. */
export const REDACTED = "[erased]";
const REDACTED_EMAIL = "erased@erased.invalid";
const REDACTED_URL = "https://erased.invalid/";

/** String formats that identify things or instants, never a person: kept as they are. */
const KEPT_FORMATS = new Set(["uuid", "guid", "cuid", "cuid2", "ulid", "nanoid", "datetime", "date", "time", "duration"]);
/**
 * Plain-string fields that carry times or technical facts the read models compute with (a meeting's
 * start orders the calendar; a checksum is a hash of the file). Everything else that is free text
 * is treated as personal: names, addresses, notes, message bodies, answers, titles.
 */
const KEPT_KEYS = new Set(["startTime", "endTime", "submittedAt", "completedAt", "dueDate", "checksum", "sentAt"]);

type Def = { type: string; format?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value passes through: wrappers (optional, nullable, default, pipes) unwrapped. */
function layers(schema: z.ZodType, out: Def[] = []): Def[] {
  const def = defOf(schema);
  out.push(def);
  if (def.innerType) layers(def.innerType, out);
  if (def.in) layers(def.in, out);
  if (def.out) layers(def.out, out);
  return out;
}

export class UnredactableFieldError extends Error {
  constructor(readonly path: string) {
    super(`No redaction marker fits the field ${path}; add it to the redaction rules`);
  }
}

function redactString(value: string, schema: z.ZodType, key: string, path: string): string {
  if (KEPT_KEYS.has(key)) return value;
  const defs = layers(schema);
  if (defs.some((d) => d.type === "enum" || d.type === "literal" || (d.format && KEPT_FORMATS.has(d.format)))) return value;
  for (const marker of [REDACTED, REDACTED_EMAIL, REDACTED_URL]) if (schema.safeParse(marker).success) return marker;
  throw new UnredactableFieldError(path);
}

/**
 * The value with every personal string replaced by a marker that its schema still accepts, so the
 * redacted event reads, upcasts and projects like any other. Guided by the schema: enums, ids,
 * instants, numbers and booleans stay (they carry the non-personal facts: stage history, counts);
 * free text goes.
 */
export function redactValue(value: unknown, schema: z.ZodType, key = "", path = key): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === "string") return redactString(value, schema, key, path);
  const object = layers(schema).find((d) => d.shape || d.element);
  if (Array.isArray(value)) return value.map((item, i) => redactValue(item, object?.element ?? schema, key, `${path}[${i}]`));
  if (typeof value === "object") {
    const shape = object?.shape ?? {};
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactValue(v, shape[k] ?? schema, k, path ? `${path}.${k}` : k)]),
    );
  }
  return value;
}
