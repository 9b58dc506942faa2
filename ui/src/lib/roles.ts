// What each role may do, as docs/product.md ("Roles") states it. The server decides every permission;
// the browser reads these only to leave out the actions the server would refuse.
import { USER_ROLES } from "@crm/contracts/user/answers";
import type { Role } from "./session.ts";

/** The staff roles, in the order the product lists them (the contract's list). */
export const ROLES: readonly Role[] = USER_ROLES;

/**
 * The role whose screens and reads a role has: an Auditor reads everything a Partner reads (and changes
 * nothing); every other role its own.
 */
export const readsAs = (role: Role): Role => (role === "Auditor" ? "Partner" : role);

/** False for the Auditor only, who changes nothing but their own profile and password: every other write control is left out. */
export const mayChange = (role: Role): boolean => role !== "Auditor";

/** Creates, edits and moves leads; meetings; email, SMS and forms; client links; history and exports; onboarding. */
export const canWorkLeads = (role: Role): boolean => role === "Partner" || role === "Project Manager";

/** Reads what those who work leads read: the board, a lead's history and conversation (the Auditor too, without the actions). */
export const readsLeads = (role: Role): boolean => canWorkLeads(readsAs(role));

/** Archives a lead, erases its personal data, approves accounts, runs the team and the agency's settings. */
export const isPartner = (role: Role): boolean => role === "Partner";

const PLURAL: Record<Role, string> = {
  Partner: "Partners",
  "Project Manager": "Project Managers",
  "Creative Director": "Creative Directors",
  Auditor: "Auditors",
};

/** The roles that may use a screen listed for these: an Auditor wherever a Partner may. */
export const withReaders = (roles: readonly Role[]): Role[] =>
  ROLES.filter((role) => roles.includes(role) || roles.includes(readsAs(role)));

/** "Partners and Auditors", "Partners, Project Managers and Auditors", "every approved colleague". */
export function describeRoles(listed: readonly Role[]): string {
  const roles = withReaders(listed);
  if (ROLES.every((role) => roles.includes(role))) return "every approved colleague";
  const names = roles.map((role) => PLURAL[role]);
  return names.length <= 1 ? (names[0] ?? "nobody") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
