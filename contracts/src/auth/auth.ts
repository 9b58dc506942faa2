// The bodies live in commands.ts and the answers in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { Me, OidcPublicConfig, SIGNED_IN_COOKIE } from "./answers.ts";
export { Email, Password, SignInBody, SignUpBody } from "./commands.ts";

export const SESSION_COOKIE = "crm_session";
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
/** Sign-up answers this to an address a Partner has invited: the invitation's link makes the account. */
export const EMAIL_INVITED = "This address has been invited to the agency: open the invitation link in your mail to join.";
/** Sign-in and the session check answer this to an account a Partner deactivated. */
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Ask a Partner of the agency if you need access again.";
