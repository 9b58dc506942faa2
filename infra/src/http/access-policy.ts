import type { UserRole } from "@crm/contracts/user/user";

/**
 * The audiences a route may admit (docs/product.md, "Roles"; docs/decisions/041-live-notices-and-reads-by-principal.md).
 * Each route names its audience in its declaration (docs/decisions/045-routes-declared-once.md); the access
 * policy, one line per route, is derived from those declarations (server/src/api.ts).
 *
 * - Paths use Express syntax (":id" is one path segment); they match case-insensitively and with or
 *   without a trailing slash, as Express routes do. HEAD follows the GET line.
 * - A path with no line: anonymous -> 401, signed in without approval -> 403, approved -> on to the
 *   routes (which answer 404).
 * - Finer rules that depend on the data (a Creative Director sees only their own clients) stay in
 *   the handler or query; the policy is the coarse gate every request passes first.
 */
export type Audience = "anonymous" | "unregistered" | "pending" | UserRole;

export const AUDIENCES: readonly Audience[] = ["anonymous", "unregistered", "pending", "Partner", "Project Manager", "Creative Director"];

/** Everyone, signed in or not. */
export const PUBLIC: readonly Audience[] = AUDIENCES;
/** Any session, approved or not. */
export const SIGNED_IN: readonly Audience[] = ["unregistered", "pending", "Partner", "Project Manager", "Creative Director"];
/** Every approved staff member. */
export const APPROVED: readonly Audience[] = ["Partner", "Project Manager", "Creative Director"];
/**
 * One client's reads on the lead page (the lead, its meetings, timeline and questionnaire): staff, and a
 * Creative Director for their own clients only, which the handler checks on the lead (403 otherwise).
 */
export const CLIENT_READERS: readonly Audience[] = APPROVED;
/** Leads and onboarding: not Creative Directors. */
export const STAFF: readonly Audience[] = ["Partner", "Project Manager"];
/** The creative area's commands (docs/product.md, "Roles"): Partners and Creative Directors; a director only for their own clients. */
export const CREATIVE: readonly Audience[] = ["Partner", "Creative Director"];
/** User administration. */
export const PARTNER: readonly Audience[] = ["Partner"];

/** One line of the access policy: derived from a route's declaration (infra/src/http/route.ts). */
export interface AccessRule {
  method: string;
  path: string;
  allow: readonly Audience[];
}
