import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, openApiPath } from "@crm/infra/http/openapi";
import { API_ROUTES } from "../src/api.ts";

const document = buildOpenApiDocument(API_ROUTES);
type Operation = { security?: unknown[]; parameters?: { name: string; in: string; schema?: { format?: string } }[]; responses: Record<string, unknown> };
const operationOf = (method: string, p: string) => (document.paths[openApiPath(p)] as Record<string, Operation>)[method.toLowerCase()]!;

describe("the OpenAPI document", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-openapi-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("passes @redocly/cli lint with no error and no warning", () => {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const redocly = path.resolve(import.meta.dirname, "../../node_modules/.bin/redocly");
    const config = path.resolve(import.meta.dirname, "../../redocly.yaml");
    // Exits non-zero on an error; the JSON report counts warnings too.
    const report = JSON.parse(execFileSync(redocly, ["lint", file, "--config", config, "--format=json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
    expect(report.problems.map((p: { ruleId: string; message: string }) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("declares every route once, public ones without a session and the others answering 401", () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(API_ROUTES.length);
    for (const route of API_ROUTES) {
      const operation = operationOf(route.method, route.path);
      if (route.allow.includes("anonymous")) {
        expect(operation.security, `${route.method} ${route.path}`).toEqual([]);
        expect(operation.responses["401"]).toBeUndefined();
      } else {
        expect(operation.security, `${route.method} ${route.path}`).toBeUndefined(); // the document's default: a session or a bearer
        expect(operation.responses["401"]).toMatchObject({ headers: { "WWW-Authenticate": expect.any(Object) } });
      }
    }
  });

  it("names each path parameter with its declared schema", () => {
    for (const route of API_ROUTES) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const declared = (operationOf(route.method, route.path).parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared, `${route.method} ${route.path}`).toEqual(names);
    }
    const lead = operationOf("GET", "/api/leads/:id").parameters?.find((p) => p.name === "id");
    expect(lead?.schema?.format).toBe("uuid");
  });

  it("writes a record keyed by the stages as a closed object of those keys", () => {
    const settings = operationOf("GET", "/api/settings").responses["200"] as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    const probabilities = settings.content["application/json"]!.schema.properties.stageProbabilities as Record<string, unknown>;
    expect(probabilities).toMatchObject({ type: "object", additionalProperties: false, properties: { "New Lead": { type: "integer" } } });
    expect(probabilities.propertyNames).toBeUndefined();
  });

  it("takes any subset of the questionnaire's answers, as the server does", () => {
    const submit = (document.paths["/api/questionnaire"] as Record<string, { requestBody: { content: Record<string, { schema: { required?: string[] } }> } }>).post!;
    expect(submit.requestBody.content["application/json"]!.schema.required).toEqual(["token"]);
  });
});
