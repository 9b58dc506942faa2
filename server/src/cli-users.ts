import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createStaffUser } from "@crm/command-service/user/create-user";
import { USER_ROLES, type UserRole } from "@crm/contracts/user/user";
import { EmailTakenError } from "@crm/infra/auth/accounts";
import type { System } from "./system.ts";

export const USERS_USAGE = `  users create --email E --password P --name N --role R [--approved]
                                  an account with a password and its access request
                                  (R: Partner, "Project Manager", "Creative Director", Auditor)
`;

/** "project-manager", "project manager" and "Project Manager" all name the same role. */
function roleOf(text: string): UserRole {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, " ");
  const role = USER_ROLES.find((r) => r.toLowerCase() === wanted);
  if (!role) throw new Error(`Unknown role "${text}"; use one of: ${USER_ROLES.join(", ")}`);
  return role;
}

/** `crm users create`: the same code path as sign-up and registration, approved at once with --approved. */
export async function createUserCommand(system: System, args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      approved: { type: "boolean", default: false },
    },
  });
  const missing = (["email", "password", "name", "role"] as const).filter((k) => !values[k]);
  if (missing.length > 0) throw new Error(`Missing ${missing.map((k) => `--${k}`).join(", ")}\n\n${USERS_USAGE}`);
  try {
    const { account, user } = await createStaffUser(system, {
      email: values.email!,
      password: values.password!,
      displayName: values.name!,
      role: roleOf(values.role!),
      approved: values.approved === true,
    });
    console.log(`Created ${user?.role ?? "account"} ${account.email} (${account.id}), ${user?.approved ? "approved" : "pending approval"}`);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new Error(`An account with the email ${values.email} already exists.`);
    if (error instanceof ZodError) throw new Error(error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("\n"));
    throw error;
  }
}
