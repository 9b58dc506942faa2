import { existsSync } from "node:fs";
import type { Response } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import { PUBLIC } from "@crm/infra/http/access-policy";
import { buildOpenApiDocument } from "@crm/infra/http/openapi";
import { routeGroup, type RouteBuilder, type RouteDeclaration } from "@crm/infra/http/route";

export interface OpenApiDeps {
  /** Every route the app declares (the server composes them). */
  routes: () => readonly RouteDeclaration[];
  /** The API reference page the UI build writes (ui/dist/api-docs.html); absent until the UI is built. */
  referencePage: string;
}

interface OpenApiContext {
  document: () => string;
  referencePage: string;
}

/**
 * GET /api/openapi.json: built from the routes' declarations once, on first request; and GET /api/docs,
 * the reference that renders it (docs/decisions/052-api-reference.md). Both are public, as the API's
 * shape is no secret: every operation still admits only its own audience.
 */
export const openApiRoutes = routeGroup(
  ({ routes, referencePage }: OpenApiDeps): OpenApiContext => {
    let document: string | undefined;
    return { document: () => (document ??= JSON.stringify(buildOpenApiDocument(routes()))), referencePage };
  },
  (route: RouteBuilder<OpenApiContext>) => [
    route({
      method: "GET",
      path: "/api/openapi.json",
      allow: PUBLIC,
      tag: "operations",
      summary: "This OpenAPI 3.1 document",
      responses: { 200: { mediaType: "application/json" } },
      handle: ({ res }, { document }) => void res.type("application/json").send(document()),
    }),
    route({
      method: "GET",
      path: "/api/docs",
      allow: PUBLIC,
      tag: "operations",
      summary: "The API reference: an HTML page that renders this document",
      responses: { 200: { mediaType: "text/html" } },
      handle: ({ res }, { referencePage }) => sendReferencePage(res, referencePage),
    }),
  ],
);

/**
 * The built page (its scripts and styles are hashed assets the UI's static route serves), or a 404
 * that names the missing build step: a checkout that has not run `npm run build` has no page to send,
 * and waiting will not make one. Looked up on each request, so a later build is served without a restart.
 */
async function sendReferencePage(res: Response, file: string): Promise<void> {
  if (!existsSync(file)) throw new ApiError(404, "API reference not built", "The API reference is built with the UI: run `npm run build`.");
  await new Promise<void>((resolve, reject) => res.sendFile(file, (error) => (error && !res.headersSent ? reject(error) : resolve())));
}
