import { PUBLIC } from "@crm/infra/http/access-policy";
import { buildOpenApiDocument } from "@crm/infra/http/openapi";
import { routeGroup, type RouteBuilder, type RouteDeclaration } from "@crm/infra/http/route";

export interface OpenApiDeps {
  /** Every route the app declares (the server composes them). */
  routes: () => readonly RouteDeclaration[];
}

/** GET /api/openapi.json: built from the routes' declarations once, on first request. */
export const openApiRoutes = routeGroup(
  ({ routes }: OpenApiDeps) => {
    let document: string | undefined;
    return { document: () => (document ??= JSON.stringify(buildOpenApiDocument(routes()))) };
  },
  (route: RouteBuilder<{ document: () => string }>) => [
    route({
      method: "GET",
      path: "/api/openapi.json",
      allow: PUBLIC,
      tag: "operations",
      summary: "This OpenAPI 3.1 document",
      responses: { 200: { mediaType: "application/json" } },
      handle: ({ res }, { document }) => void res.type("application/json").send(document()),
    }),
  ],
);
