import type { UserRole } from "@crm/contracts/user/user";

/**
 * Who may call each API route: the one server-side authorization table (docs/product.md, "Roles"; docs/decisions/041-live-notices-and-reads-by-principal.md).
 *
 * TO ADD A ROUTE, add one line to ACCESS_POLICY:   rule("POST /api/leads/:id/archive", PARTNER),
 *
 * - Patterns use Express syntax (":id" is one path segment); they match case-insensitively and
 *   with or without a trailing slash, as Express routes do. HEAD follows the GET line.
 * - The app refuses to start when an /api route has no line here (assertEveryRouteHasAPolicy),
 *   and server/test/authorization.int.test.ts calls every line as every audience.
 * - A path with no line: anonymous -> 401, signed in without approval -> 403, approved -> on to
 *   the routes (which answer 404).
 * - Finer rules that depend on the data (a Creative Director sees only their own clients) stay in
 *   the route or query; this table is the coarse gate every request passes first.
 */
export type Audience = "anonymous" | "unregistered" | "pending" | UserRole;

export const AUDIENCES: readonly Audience[] = ["anonymous", "unregistered", "pending", "Partner", "Project Manager", "Creative Director"];

/** Everyone, signed in or not. */
export const PUBLIC: readonly Audience[] = AUDIENCES;
/** Any session, approved or not. */
export const SIGNED_IN: readonly Audience[] = ["unregistered", "pending", "Partner", "Project Manager", "Creative Director"];
/** Every approved staff member. */
export const APPROVED: readonly Audience[] = ["Partner", "Project Manager", "Creative Director"];
/** Leads and onboarding: not Creative Directors. */
export const STAFF: readonly Audience[] = ["Partner", "Project Manager"];
/** The creative area's commands (docs/product.md, "Roles"): Partners and Creative Directors; a director only for their own clients. */
export const CREATIVE: readonly Audience[] = ["Partner", "Creative Director"];
/** User administration. */
export const PARTNER: readonly Audience[] = ["Partner"];

export interface AccessRule {
  method: string;
  path: string;
  allow: readonly Audience[];
}

const rule = (route: `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /api/${string}`, allow: readonly Audience[]): AccessRule => {
  const [method, path] = route.split(" ") as [string, string];
  return { method, path, allow };
};

export const ACCESS_POLICY: readonly AccessRule[] = [
  // identity (the auth routes themselves decide what a missing session means)
  rule("POST /api/auth/sign-up", PUBLIC),
  rule("POST /api/auth/sign-in", PUBLIC),
  rule("POST /api/auth/sign-out", PUBLIC),
  rule("GET /api/auth/me", SIGNED_IN),
  rule("POST /api/auth/register", SIGNED_IN),
  rule("GET /api/auth/oidc/config", PUBLIC),
  rule("GET /api/auth/oidc/start", PUBLIC),
  rule("GET /api/auth/oidc/callback", PUBLIC),
  rule("GET /api/users", APPROVED),
  rule("GET /api/users/creative-directors", APPROVED),
  rule("GET /api/users/pending", PARTNER),
  rule("POST /api/users/:id/approve", PARTNER),
  rule("DELETE /api/users/:id/reject", PARTNER),
  rule("POST /api/users/:id/role", PARTNER),
  // operations; live notices only reach approved staff, each cut to what its reader may see
  rule("GET /api/health", PUBLIC),
  rule("GET /api/ready", PUBLIC),
  rule("GET /api/metrics", PUBLIC), // Prometheus has no session: the route admits loopback, or METRICS_TOKEN's bearer when set
  rule("GET /api/events/stream", APPROVED),
  // dashboard
  rule("GET /api/stats", APPROVED),
  rule("GET /api/activities/recent", APPROVED),
  // leads
  rule("GET /api/leads", STAFF),
  rule("GET /api/leads/board", STAFF),
  rule("POST /api/leads", STAFF),
  rule("GET /api/leads/:id", STAFF),
  rule("PATCH /api/leads/:id", STAFF),
  rule("DELETE /api/leads/:id", PARTNER), // archive
  rule("POST /api/leads/:id/move", STAFF),
  rule("POST /api/leads/:id/archive", PARTNER),
  rule("POST /api/leads/import", STAFF),
  rule("GET /api/activities", STAFF),
  // audit (issue 9): history, its exports and time travel (?asOf= on GET /api/leads/:id); erasure is the Partner's
  rule("GET /api/leads/:id/history", STAFF),
  rule("GET /api/leads/:id/history.jsonl", STAFF),
  rule("GET /api/leads/:id/history.html", STAFF),
  rule("POST /api/leads/:id/erase", PARTNER),
  rule("GET /api/openapi.json", PUBLIC),
  // meetings and messages (issue 6)
  rule("GET /api/meetings", STAFF),
  rule("GET /api/meetings/:id", STAFF),
  rule("POST /api/meetings", STAFF),
  rule("PATCH /api/meetings/:id", STAFF),
  rule("POST /api/meetings/:id/cancel", STAFF),
  rule("POST /api/leads/:id/send-form", STAFF),
  rule("POST /api/leads/:id/send-email", STAFF),
  rule("POST /api/leads/:id/send-sms", STAFF),
  rule("POST /api/send-email", STAFF),
  // client capability links (decisions/038): staff issue and revoke; the token alone opens the questionnaire
  rule("GET /api/leads/:id/client-link", STAFF),
  rule("POST /api/leads/:id/client-link", STAFF),
  rule("DELETE /api/leads/:id/client-link", STAFF),
  rule("GET /api/questionnaire/link/:token", PUBLIC),
  // onboarding and the public questionnaire (issue 7); Creative Directors read only their own clients' answers
  rule("POST /api/questionnaire", PUBLIC),
  rule("GET /api/questionnaire/:leadId", APPROVED),
  rule("GET /api/questionnaire/:leadId/versions", APPROVED),
  rule("POST /api/onboarding/:id/assign-director", STAFF),
  rule("GET /api/onboarding/activities", STAFF),
  // the creative portal (issue 8): staff read what the lead page shows, a director only their own clients
  rule("GET /api/creative/clients", CREATIVE),
  rule("GET /api/content-submissions", APPROVED),
  rule("POST /api/content-submissions", CREATIVE),
  rule("POST /api/content-submissions/:id/review", CREATIVE),
  rule("GET /api/creative-tasks", APPROVED),
  rule("POST /api/creative-tasks", CREATIVE),
  rule("POST /api/creative-tasks/:id/start", CREATIVE),
  rule("POST /api/creative-tasks/:id/complete", CREATIVE),
  rule("POST /api/creative-tasks/:id/cancel", CREATIVE),
  rule("POST /api/files", CREATIVE),
  rule("GET /api/files/:id", APPROVED),
];
