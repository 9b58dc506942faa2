import { z } from "zod";
import { User } from "../user/user.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy.ts";

/** Emails compare case-insensitively: stored and looked up trimmed and lower-cased. */
export const Email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "At most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const Password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`);

/** Body of POST /api/auth/sign-up. */
export const SignUpBody = z.strictObject({ email: Email, password: Password });

/** Body of POST /api/auth/sign-in: no length rules, so a wrong password never answers differently. */
export const SignInBody = z.strictObject({
  email: Email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
});

/** GET /api/auth/me: the signed-in account and its staff record (null before the access request). */
export const Me = z.object({
  accountId: z.uuid(),
  email: z.string(),
  user: User.nullable(),
});
export type Me = z.infer<typeof Me>;

/** GET /api/auth/oidc/config: whether the social button can work. */
export const OidcPublicConfig = z.object({
  enabled: z.boolean(),
  provider: z.string(),
});
export type OidcPublicConfig = z.infer<typeof OidcPublicConfig>;

export const SESSION_COOKIE = "crm_session";
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
