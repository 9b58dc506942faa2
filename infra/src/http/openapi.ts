import { z } from "zod";
import { emptyToNull } from "@crm/contracts/api/preprocess";
import { Problem } from "@crm/contracts/api/problem";
import type { Answer, RouteDeclaration } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/**
 * zod's JSON Schema, tidied for readers. A record keyed by an enum (`z.record(z.enum(STAGES), …)`) comes out
 * of zod as `propertyNames` with a `required` list and no `properties`; written as the closed object it is,
 * tools read each key as declared.
 */
function tidied(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidied);
  if (node === null || typeof node !== "object") return node;
  const json = Object.fromEntries(
    Object.entries(node)
      // zod writes a safe integer's own bounds on every integer; they say nothing a client needs.
      .filter(([key, value]) => !((key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER))
      .map(([key, value]) => [key, tidied(value)]),
  ) as JsonSchema;
  const keys = (json.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (json.type === "object" && !json.properties && Array.isArray(keys) && typeof json.additionalProperties === "object") {
    const { propertyNames: _names, additionalProperties: value, ...rest } = json;
    return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), value])), additionalProperties: false };
  }
  return json;
}

/** A blank text, which `preprocess(emptyToNull, …)` takes as null whatever the field's own type. */
const BLANK = { type: "string", pattern: "^\\s*$" };

/**
 * What a field takes, as the parse does: a pipe that first turns a blank text into null accepts a blank
 * text besides its schema's values (a form's emptied date or director), so its input says so.
 */
function acceptBlank({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  const def = zodSchema._zod.def as { type: string; in?: z.core.$ZodType };
  const first = def.type === "pipe" ? (def.in?._zod.def as { type: string; transform?: unknown } | undefined) : undefined;
  if (first?.type !== "transform" || first.transform !== emptyToNull) return;
  const own = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = [own, BLANK];
}

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of a contract; bodies as clients send them, answers as servers send them. */
const schemaOf = (schema: z.core.$ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any", ...(io === "input" ? { override: acceptBlank } : {}) }) as JsonSchema;
  return tidied(json) as JsonSchema;
};

/** "/api/leads/:id" as OpenAPI writes it: "/api/leads/{id}". */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

const problemOf = (shape: z.core.$ZodType = Problem) => ({
  description: "A problem (RFC 9457)",
  content: { "application/problem+json": { schema: schemaOf(shape, "output") } },
});
const unavailable = {
  ...problemOf(),
  description:
    "Try again after Retry-After seconds: the database cannot be reached, or a read model the answer needs is being rebuilt after an upgrade",
  headers: { "Retry-After": { schema: { type: "integer" } } },
};

/** Every read carries an ETag (Express's, or the route's own); a revalidation of an unchanged answer gets no body. */
const notModified = { description: "Not modified: the answer is still the one whose ETag came in If-None-Match" };

/** An answer in its own media type: a JSON document (this one), text, or bytes (a file, an image: any type in a range). */
function mediaSchemaOf(mediaType: string): JsonSchema {
  if (/[/+]json$/.test(mediaType)) return { type: "object" };
  if (mediaType.startsWith("text/")) return { type: "string" };
  return mediaType.includes("*") ? { type: "string" } : { type: "string", contentMediaType: mediaType };
}

/** Every route but the public ones needs a session; without one it answers 401 and names the scheme. */
const unauthenticated = {
  ...problemOf(),
  description: "No session, or it has ended: sign in, or send a valid Authorization: Bearer token",
  headers: { "WWW-Authenticate": { description: "The scheme to authenticate with (Bearer)", schema: { type: "string" } } },
};

function responseOf(answer: Answer, route: RouteDeclaration) {
  if (answer === "problem") return problemOf(route.problem);
  if (answer === "redirect") return { description: "Redirect", headers: { Location: { description: "Where to go next", schema: { type: "string" } } } };
  if (answer === "empty") return { description: "Success, no body" };
  if ("mediaType" in answer) return { description: "Success", content: { [answer.mediaType]: { schema: mediaSchemaOf(answer.mediaType) } } };
  return { description: "Success", content: { "application/json": { schema: schemaOf(answer, "output") } } };
}

function parametersOf(route: RouteDeclaration) {
  const declared = route.params ? ((schemaOf(route.params, "input").properties ?? {}) as Record<string, JsonSchema>) : {};
  const params: object[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: declared[name!] ?? { type: "string" },
  }));
  if (route.query) {
    const query = schemaOf(route.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      params.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
  }
  return params;
}

/** A JSON body, required unless `{}` (what an empty body is read as) passes; or an upload's raw bytes. */
function requestBodyOf(route: RouteDeclaration) {
  if (route.bodyLimit === "stream") {
    return { requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } };
  }
  if (!route.body) return {};
  const required = !z.safeParse(route.body, {}).success;
  return { requestBody: { required, content: { "application/json": { schema: schemaOf(route.body, "input") } } } };
}

function operationOf(route: RouteDeclaration) {
  const parameters = parametersOf(route);
  const path = openApiPath(route.path);
  const successes = Object.fromEntries(Object.entries(route.responses).map(([status, answer]) => [status, responseOf(answer, route)]));
  const isPublic = route.allow.includes("anonymous");
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    "x-allowed-audiences": route.allow,
    // Public operations take no session; the others take either scheme (the document's default).
    ...(isPublic ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...requestBodyOf(route),
    // A route that answers 503 in its own shape (health) keeps it; every other may answer the problem.
    responses: {
      ...(route.method === "GET" ? { "304": notModified } : {}),
      ...successes,
      ...(isPublic ? {} : { "401": unauthenticated }),
      "4XX": problemOf(route.problem),
      ...("503" in successes ? {} : { "503": unavailable }),
    },
  };
}

/** The OpenAPI 3.1 description of the given routes (GET /api/openapi.json). */
export function buildOpenApiDocument(routes: readonly RouteDeclaration[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operationOf(route);
  return {
    openapi: "3.1.0",
    info: {
      title: "Agency CRM API",
      version: "1.0.0",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "Commands answer `{id?, version, position}`; send `X-Min-Position: <position>` on the next GET to read your own write. Sessions: the `crm_session` cookie or `Authorization: Bearer`.",
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "crm_session" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
    // The API is served by the app itself, at the origin the document was read from.
    servers: [{ url: "/", description: "This server" }],
    paths,
  };
}
