import { COMMAND_SERVICE_ROUTES } from "@crm/command-service/routes";
import { ACCESS_POLICY as LEGACY_POLICY } from "@crm/infra/http/access-policy";
import { metricsRoutes } from "@crm/infra/metrics/metrics.routes";
import { accessPolicyOf, openApiPath } from "@crm/infra/http/openapi";
import type { Answer, RouteDeclaration } from "@crm/infra/http/route";
import { ROUTE_DOCS } from "@crm/read-api/openapi/route-docs";
import { READ_API_ROUTES } from "@crm/read-api/routes";

/** Every route the app declares, from the services' lists: the one source of the access policy and the OpenAPI document. */
export const API_ROUTES: readonly RouteDeclaration[] = [...COMMAND_SERVICE_ROUTES, ...READ_API_ROUTES, metricsRoutes].flatMap(
  (group: object) => ("routes" in group ? (group.routes as readonly RouteDeclaration[]) : []),
);

const declared = new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`));

/** Who may call each route, derived from the declarations (the legacy table covers routes not yet declared). */
export const ACCESS_POLICY = [...accessPolicyOf(API_ROUTES), ...LEGACY_POLICY.filter((r) => !declared.has(`${r.method} ${r.path}`))];

/** The legacy table's lines and docs as declarations, for the OpenAPI document while routes move to declarations. */
export function documentedRoutes(): RouteDeclaration[] {
  return [
    ...API_ROUTES,
    ...LEGACY_POLICY.filter((r) => !declared.has(`${r.method} ${r.path}`)).map((rule): RouteDeclaration => {
      const doc = ROUTE_DOCS[`${rule.method} ${openApiPath(rule.path)}`] ?? { tag: "api", summary: rule.path };
      const status = doc.status ?? 200;
      const answer: Answer =
        doc.response ?? (doc.produces === "redirect" ? "redirect" : doc.produces ? { mediaType: doc.produces } : "empty");
      return {
        method: rule.method as RouteDeclaration["method"],
        path: rule.path as RouteDeclaration["path"],
        allow: rule.allow,
        tag: doc.tag,
        summary: doc.summary,
        ...(doc.query ? { query: doc.query } : {}),
        ...(doc.body ? { body: doc.body } : {}),
        responses: { [status]: answer },
      };
    }),
  ];
}
