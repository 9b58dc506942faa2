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

export const AUDIENCES: readonly Audience[] = [
  "anonymous",
  "unregistered",
  "pending",
  "Partner",
  "Project Manager",
  "Creative Director",
  "Auditor",
];

/** Everyone, signed in or not. */
export const PUBLIC: readonly Audience[] = AUDIENCES;
/** Any session, approved or not. */
export const SIGNED_IN: readonly Audience[] = ["unregistered", "pending", "Partner", "Project Manager", "Creative Director", "Auditor"];
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
/** The audit workbench, the chain's verification and its checkpoints (docs/product.md, "Audit"). */
export const AUDIT_READERS: readonly Audience[] = ["Partner", "Auditor"];
/** User administration. */
export const PARTNER: readonly Audience[] = ["Partner"];
/** Every approved account acting on itself only (its own profile and password): the Auditor too. */
export const OWN_ACCOUNT: readonly Audience[] = [...APPROVED, "Auditor"];

/**
 * The writes an Auditor may make: those whose audience is one of these, declared as such, which act on
 * the caller's own session or account or on a link's token (sign in and out, a mailed link, one's profile).
 */
const SELF_SERVICE: ReadonlySet<readonly Audience[]> = new Set([PUBLIC, SIGNED_IN, OWN_ACCOUNT]);

/**
 * The Auditor's rule (docs/product.md, "Roles"), made here and nowhere else: a read (GET, and HEAD with
 * it) that admits a Partner admits the Auditor; a write never does, unless its audience is a SELF_SERVICE
 * one. Every route's declared audience passes through it (routeGroup, ./route.ts), so the access policy
 * and the OpenAPI document both carry the result. Finer rules in handlers treat the Auditor as a Partner
 * reading (readsAsPartner).
 */
export function withAuditor(method: string, allow: readonly Audience[]): readonly Audience[] {
  if (method === "GET") return allow.includes("Partner") && !allow.includes("Auditor") ? [...allow, "Auditor"] : allow;
  return allow.includes("Auditor") && !SELF_SERVICE.has(allow) ? allow.filter((audience) => audience !== "Auditor") : allow;
}

/** Whether a role reads everything, whatever it is scoped to: a Partner, and the Auditor who reads what a Partner reads. */
export const readsAsPartner = (role: UserRole | undefined): boolean => role === "Partner" || role === "Auditor";

/** One line of the access policy: derived from a route's declaration (infra/src/http/route.ts). */
export interface AccessRule {
  method: string;
  path: string;
  allow: readonly Audience[];
}
