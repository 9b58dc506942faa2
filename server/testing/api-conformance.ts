import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { createRuleMatcher } from "@crm/infra/http/access-match";
import { buildOpenApiDocument } from "@crm/infra/http/openapi";
import { API_ROUTES } from "../src/api.ts";

/**
 * Checks an exchange with the API against its own OpenAPI document (GET /api/openapi.json), as an
 * independent client would: the operation exists, the status is documented, the body is of a documented
 * media type and, for JSON, valid against the documented schema (draft 2020-12, closed objects, so an
 * undocumented property or a missing field is a violation). For an answer the server accepted (2xx),
 * the request must also be one the document describes: a body only where it declares one, valid
 * against its schema, and only declared query parameters.
 */

type Json = Record<string, unknown>;
type Document = ReturnType<typeof buildOpenApiDocument>;

interface Operation {
  method: string;
  /** The document's template, "/api/leads/{id}". */
  template: string;
  /** The same in Express's syntax, "/api/leads/:id", for the router's own matcher. */
  path: string;
  spec: {
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: Json }> };
    responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  };
}

/** The violation of a request that sent a body where the operation takes none (the fuzzer does, on purpose). */
export const UNDECLARED_BODY = "the request had a JSON body, but the operation documents none";

export interface Exchange {
  method: string;
  url: URL;
  /** The request's JSON body as sent, when it had one. */
  requestBody?: string | undefined;
  status: number;
  contentType: string | null;
  /** The answer's text; undefined when it was not read (a stream, a file, a HEAD). */
  body?: string | undefined;
}

export interface Verdict {
  /** "GET /api/leads/{id}", or undefined when no documented path matches. */
  operation: string | undefined;
  violations: string[];
}

// ajv-formats is CommonJS with a default export; under Node's ESM loader it arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === "application/json" || mediaType.endsWith("+json");

/** Whether a documented media type (which may be a range such as "image/*") covers the one sent. */
const covers = (documented: string, sent: string) =>
  documented === "*/*" || documented === sent || (documented.endsWith("/*") && sent.startsWith(documented.slice(0, -1)));

export function createConformanceChecker(document: Document = buildOpenApiDocument(API_ROUTES)) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new Map<Json, ValidateFunction>();
  const validatorOf = (schema: Json) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  const operations: Operation[] = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      method: method.toUpperCase(),
      template,
      path: template.replace(/\{(\w+)\}/g, ":$1"),
      spec: spec as Operation["spec"],
    })),
  );

  /** The operation a request reaches, matched as the access policy matches it (a literal segment wins over a parameter). */
  const operationFor = createRuleMatcher(operations);

  const errorsOf = (validate: ValidateFunction) =>
    (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);

  function checkRequest(op: Operation, exchange: Exchange): string[] {
    const violations: string[] = [];
    const declared = new Set((op.spec.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
    for (const name of new Set(exchange.url.searchParams.keys())) if (!declared.has(name)) violations.push(`query parameter "${name}" is not documented`);
    if (exchange.requestBody === undefined || exchange.requestBody === "") return violations;
    const schema = op.spec.requestBody?.content["application/json"]?.schema;
    if (!schema) return [...violations, UNDECLARED_BODY];
    const validate = validatorOf(schema);
    if (!validate(JSON.parse(exchange.requestBody))) violations.push(...errorsOf(validate).map((e) => `request body ${e}`));
    return violations;
  }

  function checkAnswer(op: Operation, exchange: Exchange): string[] {
    const status = String(exchange.status);
    const response = op.spec.responses[status] ?? op.spec.responses[`${status[0]}XX`] ?? op.spec.responses.default;
    if (!response) return [`status ${status} is not documented (documented: ${Object.keys(op.spec.responses).join(", ")})`];
    const mediaType = mediaTypeOf(exchange.contentType);
    const content = response.content;
    if (!content) return exchange.body ? [`status ${status} documents no body, but one came (${mediaType || "no type"})`] : [];
    if (exchange.method === "HEAD" || exchange.status === 304) return [];
    const documented = Object.keys(content).find((type) => covers(type, mediaType));
    if (!documented) return [`status ${status} answered ${mediaType || "no content type"}; documented: ${Object.keys(content).join(", ")}`];
    const schema = content[documented]!.schema;
    if (exchange.body === undefined || !isJson(mediaType) || !schema) return [];
    const validate = validatorOf(schema);
    return validate(JSON.parse(exchange.body)) ? [] : errorsOf(validate).map((e) => `answer ${status} ${e}`);
  }

  return {
    /** How many operations the document declares. */
    operations: operations.length,
    check(exchange: Exchange): Verdict {
      const op = operationFor(exchange.method, exchange.url.pathname);
      if (!op) {
        // No operation: only the gate's and the router's problems may come back (no session, unknown path, wrong method).
        const refused = [401, 403, 404, 405].includes(exchange.status) && mediaTypeOf(exchange.contentType) === "application/problem+json";
        const preflight = exchange.method === "OPTIONS" && exchange.status === 204;
        return { operation: undefined, violations: refused || preflight ? [] : [`${exchange.method} ${exchange.url.pathname} answered ${exchange.status}, but no operation is documented there`] };
      }
      const violations = checkAnswer(op, exchange);
      if (exchange.status >= 200 && exchange.status < 300) violations.push(...checkRequest(op, exchange));
      return { operation: `${op.method} ${op.template}`, violations };
    },
  };
}

export type ConformanceChecker = ReturnType<typeof createConformanceChecker>;
