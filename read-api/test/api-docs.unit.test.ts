import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemMiddleware } from "@crm/infra/http/problem-middleware";
import { openApiRoutes } from "../src/openapi/openapi.routes.ts";

// GET /api/docs sends the reference page the UI build writes, to anyone (docs/decisions/052-api-reference.md);
// before `npm run build` it says so in a 404 problem, never a 500.

const dir = mkdtempSync(path.join(tmpdir(), "crm-api-docs-"));
const PAGE = "<!doctype html><title>Agency CRM API reference</title>";
const servers: { close(): void }[] = [];

async function serve(referencePage: string): Promise<string> {
  const app = express();
  app.use(openApiRoutes({ routes: () => openApiRoutes.routes, referencePage }));
  app.use(problemMiddleware({ error: () => undefined }));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let built: string;
let notBuilt: string;
beforeAll(async () => {
  writeFileSync(path.join(dir, "api-docs.html"), PAGE);
  built = await serve(path.join(dir, "api-docs.html"));
  notBuilt = await serve(path.join(dir, "absent", "api-docs.html"));
});
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/docs", () => {
  it("sends the built page as HTML", async () => {
    const res = await fetch(`${built}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toBe(PAGE);
  });

  it("answers a 404 problem naming the build step when the UI is not built", async () => {
    const res = await fetch(`${notBuilt}/api/docs`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = (await res.json()) as { title: string; detail: string };
    expect(problem.title).toBe("API reference not built");
    expect(problem.detail).toContain("npm run build");
  });

  it("serves a page that is built after the server started", async () => {
    const later = path.join(dir, "later.html");
    const url = await serve(later);
    expect((await fetch(`${url}/api/docs`)).status).toBe(404);
    writeFileSync(later, PAGE);
    expect((await fetch(`${url}/api/docs`)).status).toBe(200);
  });

  it("is declared public, so the access policy admits a visitor without a session", () => {
    const declared = openApiRoutes.routes.find((r) => r.method === "GET" && r.path === "/api/docs");
    expect(declared?.allow).toContain("anonymous");
    expect(declared?.responses[200]).toEqual({ mediaType: "text/html" });
  });
});
