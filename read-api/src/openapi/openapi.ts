import { z } from "zod";
import { Problem } from "@crm/contracts/api/problem";
import { ACCESS_POLICY, type AccessRule } from "@crm/infra/http/access-policy";
import { ROUTE_DOCS, type RouteDoc } from "./route-docs.ts";

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of a contract; bodies as clients send them, answers as servers send them. */
const schemaOf = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return json;
};

/** "/api/leads/:id" as OpenAPI writes it: "/api/leads/{id}". */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

const problem = { description: "A problem (RFC 9457)", content: { "application/problem+json": { schema: schemaOf(Problem, "output") } } };
const unavailable = {
  ...problem,
  description: "Try again after Retry-After seconds: the database cannot be reached, or a read model the answer needs is being rebuilt after an upgrade",
  headers: { "Retry-After": { schema: { type: "integer" } } },
};

function successOf(doc: RouteDoc) {
  const status = String(doc.status ?? 200);
  if (doc.response) return { [status]: { description: "Success", content: { "application/json": { schema: schemaOf(doc.response, "output") } } } };
  if (doc.produces && doc.produces !== "redirect") return { [status]: { description: "Success", content: { [doc.produces]: { schema: { type: "string" } } } } };
  return { [status]: { description: doc.produces === "redirect" ? "Redirect" : "Success" } };
}

function parametersOf(path: string, doc: RouteDoc) {
  const params: object[] = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  if (doc.query) {
    const query = schemaOf(doc.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      params.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
  }
  return params;
}

function operationOf(rule: AccessRule) {
  const path = openApiPath(rule.path);
  const doc: RouteDoc = ROUTE_DOCS[`${rule.method} ${path}`] ?? { tag: path.split("/")[2] ?? "api", summary: `${rule.method} ${path}` };
  const parameters = parametersOf(path, doc);
  return {
    summary: doc.summary,
    tags: [doc.tag],
    operationId: `${rule.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    "x-allowed-audiences": rule.allow,
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(doc.body, "input") } } } } : {}),
    responses: { ...successOf(doc), "4XX": problem, "503": unavailable },
  };
}

/** The OpenAPI 3.1 description of every route in the access policy (GET /api/openapi.json). */
export function buildOpenApiDocument(policy: readonly AccessRule[] = ACCESS_POLICY) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const rule of policy) {
    const path = openApiPath(rule.path);
    (paths[path] ??= {})[rule.method.toLowerCase()] = operationOf(rule);
  }
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
