import { z } from "zod";
import { Problem } from "@crm/contracts/api/problem";
import type { Answer, RouteDeclaration } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of a contract; bodies as clients send them, answers as servers send them. */
const schemaOf = (schema: z.core.$ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return json;
};

/** "/api/leads/:id" as OpenAPI writes it: "/api/leads/{id}". */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

const problem = { description: "A problem (RFC 9457)", content: { "application/problem+json": { schema: schemaOf(Problem, "output") } } };
const unavailable = {
  ...problem,
  description:
    "Try again after Retry-After seconds: the database cannot be reached, or a read model the answer needs is being rebuilt after an upgrade",
  headers: { "Retry-After": { schema: { type: "integer" } } },
};

function responseOf(answer: Answer) {
  if (answer === "redirect") return { description: "Redirect" };
  if (answer === "empty") return { description: "Success, no body" };
  if ("mediaType" in answer) return { description: "Success", content: { [answer.mediaType]: { schema: { type: "string" } } } };
  return { description: "Success", content: { "application/json": { schema: schemaOf(answer, "output") } } };
}

function parametersOf(route: RouteDeclaration) {
  const params: object[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
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
  const successes = Object.fromEntries(Object.entries(route.responses).map(([status, answer]) => [status, responseOf(answer)]));
  return {
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    "x-allowed-audiences": route.allow,
    ...(parameters.length ? { parameters } : {}),
    ...requestBodyOf(route),
    // A route that answers 503 in its own shape (health) keeps it; every other may answer the problem.
    responses: { ...successes, "4XX": problem, ...("503" in successes ? {} : { "503": unavailable }) },
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
      description:
        "Commands answer {id?, version, position}; send X-Min-Position: <position> on the next GET to read your own write. Sessions: the crm_session cookie or Authorization: Bearer.",
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "crm_session" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
    paths,
  };
}
