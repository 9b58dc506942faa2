import fc from "fast-check";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";

/** Strings that break naive code: markup, SQL, direction marks, zero-width, astral, lone surrogates, NUL, huge. */
export const EDGE_STRINGS: readonly string[] = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "'; DROP TABLE events; --",
  "Robert'); DELETE FROM streams WHERE ('1'='1",
  '" OR 1=1 --',
  "$1 $$ \\ %s %n {{7*7}} ${7*7}",
  "\u202Eevil\u202C", // right-to-left override
  "مرحبا بالعالم", // Arabic (RTL)
  "\u200B\u200C\u200D\uFEFF", // zero-width
  "😀👩‍👩‍👧‍👦𝕏", // astral, a ZWJ family
  "\uD800", // lone high surrogate
  "a\uDC00b", // lone low surrogate
  "nul\u0000byte",
  "\u0000",
  "line\r\nbreak\tand\u0007bell",
  " ",
  "",
  "x".repeat(10_000),
];

/** Field names that the command bodies use, so generated objects get past "unknown field" often. */
export const FIELD_NAMES = [
  "name",
  "business",
  "email",
  "phone",
  "source",
  "priority",
  "notes",
  "stage",
  "expectedVersion",
  "afterId",
  "beforeId",
  "reason",
  "proposalLink",
  "contractStatus",
  "creativeDirectorId",
  "displayName",
  "role",
  "password",
  "leadId",
  "title",
  "startsAt",
  "endsAt",
  "durationMinutes",
  "attendees",
  "subject",
  "body",
  "message",
  "to",
  "channel",
  "template",
  "description",
  "dueDate",
  "fileId",
  "decision",
  "comment",
  "url",
  "type",
  "kind",
  "rows",
  "csv",
  "answers",
  "website",
  "goals",
  "budget",
  "timeline",
  "confirm",
  "__proto__",
  "constructor",
] as const;

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 4 }) },
  { weight: 2, arbitrary: fc.emailAddress() },
);

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom(...LEAD_STAGES, "Partner", "Project Manager", "Creative Director", "high", "low", "approve") },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A JSON body: mostly objects made of known field names with hostile values, sometimes any JSON at all. */
export const hostileBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(fieldValue, { maxLength: 5 }) },
);

/** A valid body with some fields swapped for hostile values or dropped: gets past "unknown field" into the command. */
export function nearlyValid(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(template).map(([key, value]) => [
      key,
      fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: fieldValue }),
    ]),
  );
  return fc.record(fields, { requiredKeys: Object.keys(template).filter(() => Math.random() < 0.7) });
}

/** Bodies for one route: the generic hostile ones, and nearly valid ones when a template is known. */
export const bodiesFor = (template?: Record<string, unknown>): fc.Arbitrary<unknown> =>
  template ? fc.oneof({ weight: 1, arbitrary: hostileBody }, { weight: 2, arbitrary: nearlyValid(template) }) : hostileBody;
