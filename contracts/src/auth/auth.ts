import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { Me, OidcPublicConfig } from "./answers.ts";

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

export const SESSION_COOKIE = "crm_session";
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
