/**
 * The sign-in answers: who is signed in, and whether the social button can work. Answers are written
 * with zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply; this module imports no
 * zod classic (the bodies, in auth.ts, do).
 */
import { z } from "zod/mini";
import { User } from "../user/answers.ts";

/**
 * A cookie set and cleared with the session cookie, readable by scripts, holding nothing but "1": the
 * UI reads it to know whether a session may exist before asking GET /api/auth/me, whose 401 to a
 * signed-out visitor the browser would log as an error. The server never reads it.
 */
export const SIGNED_IN_COOKIE = "crm_signed_in";

/** GET /api/auth/me: the signed-in account and its staff record (null before the access request). */
export const Me = z.object({
  accountId: z.uuid(),
  email: z.string(),
  user: z.nullable(User),
});
export type Me = z.infer<typeof Me>;

/** GET /api/auth/oidc/config: whether the social button can work. */
export const OidcPublicConfig = z.object({
  enabled: z.boolean(),
  provider: z.string(),
});
export type OidcPublicConfig = z.infer<typeof OidcPublicConfig>;
