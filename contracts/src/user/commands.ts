// zod/mini, because the browser imports these bodies: the Team and Profile forms reuse their rules and messages.
import { z } from "zod/mini";
import { preprocess } from "../api/preprocess.ts";
import { Email, LinkToken, Password } from "../auth/commands.ts";
import { USER_ROLES } from "./answers.ts";

export const UserRole = z.enum(USER_ROLES, { error: `Role is one of: ${USER_ROLES.join(", ")}` });
export type UserRole = z.infer<typeof UserRole>;

export const DisplayName = z
  .string({ error: "Display name is required" })
  .check(z.trim(), z.minLength(1, "Display name is required"), z.maxLength(100, "At most 100 characters"));

/** True for a time zone name the platform's Intl knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name. */
export const TimeZone = z
  .string({ error: "Time zone is required" })
  .check(z.trim(), z.maxLength(64, "At most 64 characters"), z.refine(isTimeZone, "Choose a time zone from the list"));

export const SIGNATURE_MAX = 1_000;

/** Body of POST /api/auth/register: the access request. */
export const RegisterBody = z.strictObject({ displayName: DisplayName, role: UserRole });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Body of POST /api/users/{id}/role (Partner only). */
export const ChangeRoleBody = z.strictObject({ role: UserRole });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

/** Body of POST /api/users/invites (Partner only): who to invite and as what. */
export const InviteBody = z.strictObject({ email: Email, displayName: DisplayName, role: UserRole });
export type InviteBody = z.infer<typeof InviteBody>;

/** Body of PATCH /api/profile: any of the three; a null time zone follows the agency's. */
export const ProfileBody = z.partial(
  z.strictObject({
    displayName: DisplayName,
    timeZone: z.nullable(TimeZone),
    signature: preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trimEnd() : v),
      z.string({ error: "Signature must be text" }).check(z.maxLength(SIGNATURE_MAX, `At most ${SIGNATURE_MAX} characters`)),
    ),
  }),
);
export type ProfileBody = z.infer<typeof ProfileBody>;

/** Body of POST /api/auth/invites/accept: the invitation's token, and the password (and, if changed, the name) the colleague chooses. */
export const AcceptInviteBody = z.strictObject({ token: LinkToken, displayName: z.optional(DisplayName), password: Password });
export type AcceptInviteBody = z.infer<typeof AcceptInviteBody>;
