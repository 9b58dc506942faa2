// zod/mini, because the browser imports these bodies: the sign-in, reset, invitation and password forms.
import { z } from "zod/mini";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy.ts";

/** Emails compare case-insensitively: stored and looked up trimmed and lower-cased. */
export const Email = z.pipe(
  z.string({ error: "Email is required" }).check(z.trim(), z.toLowerCase(), z.maxLength(254, "At most 254 characters")),
  z.email("Enter a valid email address"),
);

/** A new password: its length here, its strength on the server (password-strength.ts). */
export const Password = z
  .string({ error: "Password is required" })
  .check(z.minLength(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`), z.maxLength(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`));

/** A password being checked, not chosen: no length rules, so a wrong one never answers differently. */
const PresentedPassword = z
  .string({ error: "Password is required" })
  .check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`));

/** A link's secret as mailed: 32 lower-case base32 characters (account-tokens.ts). */
export const LinkToken = z.string({ error: "The link is incomplete" }).check(z.regex(/^[a-z2-7]{32}$/, "This link is not valid"));

/** Body of POST /api/auth/sign-up. */
export const SignUpBody = z.strictObject({ email: Email, password: Password });

/** Body of POST /api/auth/sign-in. */
export const SignInBody = z.strictObject({ email: Email, password: PresentedPassword });

/** Body of POST /api/auth/password-reset: the address to send a link to (the answer is the same whether it has an account). */
export const ForgotPasswordBody = z.strictObject({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Body of POST /api/auth/password-reset/complete: the mailed link's token spends itself on the new password. */
export const ResetPasswordBody = z.strictObject({ token: LinkToken, password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Body of POST /api/profile/password: the current password proves it is the owner; other sessions end. */
export const ChangePasswordBody = z.strictObject({ currentPassword: PresentedPassword, newPassword: Password });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The answer of POST /api/auth/password-reset, the same for every address. */
export const RESET_REQUESTED = "If an account uses this address, a link to set a new password is on its way. It works once, for one hour.";
export const ResetRequested = z.object({ message: z.string() });
