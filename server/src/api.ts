import { COMMAND_SERVICE_ROUTES } from "@crm/command-service/routes";
import { metricsRoutes } from "@crm/infra/metrics/metrics.routes";
import { accessPolicyOf, type RouteDeclaration } from "@crm/infra/http/route";
import { READ_API_ROUTES } from "@crm/read-api/routes";

/**
 * Every route the app declares, from the services' lists (docs/decisions/045-routes-declared-once.md):
 * the one source of the access policy and the OpenAPI document.
 */
export const API_ROUTES: readonly RouteDeclaration[] = [...COMMAND_SERVICE_ROUTES, ...READ_API_ROUTES, metricsRoutes].flatMap(
  (group) => group.routes,
);

/** Who may call each route, one line per declared route; `authenticate` applies it before any handler. */
export const ACCESS_POLICY = accessPolicyOf(API_ROUTES);
