// What each role may do, as docs/product.md ("Roles") states it. The server decides every permission;
// the browser reads these only to leave out the actions the server would refuse.
import type { Role } from "./session.ts";

/** The three staff roles, in the order the product lists them. */
export const ROLES = ["Partner", "Project Manager", "Creative Director"] as const satisfies readonly Role[];

/** Creates, edits and moves leads; meetings; email, SMS and forms; client links; history and exports; onboarding. */
export const canWorkLeads = (role: Role): boolean => role === "Partner" || role === "Project Manager";

/** Archives a lead, erases its personal data, approves accounts, runs the team and the agency's settings. */
export const isPartner = (role: Role): boolean => role === "Partner";

const PLURAL: Record<Role, string> = {
  Partner: "Partners",
  "Project Manager": "Project Managers",
  "Creative Director": "Creative Directors",
};

/** "Partners", "Partners and Project Managers", "every approved colleague". */
export function describeRoles(roles: readonly Role[]): string {
  if (ROLES.every((role) => roles.includes(role))) return "every approved colleague";
  const names = ROLES.filter((role) => roles.includes(role)).map((role) => PLURAL[role]);
  return names.length <= 1 ? (names[0] ?? "nobody") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
