import type { Request, Response } from "express";
import { ForbiddenError, ValidationError } from "@crm/contracts/api/errors";
import { ACCOUNT_DEACTIVATED, Me } from "@crm/contracts/auth/auth";
import { ForgotPasswordBody, RESET_REQUESTED, ResetPasswordBody, ResetRequested } from "@crm/contracts/auth/commands";
import { hashPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import { createRateLimiter, type RateLimit } from "@crm/infra/auth/rate-limiter";
import { PUBLIC } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { limitAttempt, meOf, startSession } from "./auth-deps.ts";
import { authRoute } from "./auth.routes.ts";
import { resetPageOf, type SelfServiceDeps } from "./password-reset.ts";

/** Reset requests per client address and per email they name (docs/product.md, "Limits and constants"). */
export const RESET_REQUEST_LIMIT: RateLimit = { name: "password-reset", limit: 5, windowMs: 15 * 60_000 };

export const DEAD_RESET_LINK = "This link has expired or has already been used. Ask for a new one.";

const deadLink = () => new ValidationError([{ field: "token", message: DEAD_RESET_LINK }], DEAD_RESET_LINK);

/**
 * Spends a reset link on a new password. The link is checked and the password scored before it is
 * spent, so a weak password does not cost the link; then every session of the account ends, this
 * browser gets a fresh one, and the email's run of failed sign-ins is over (its owner proved the mailbox).
 */
async function completeReset(deps: SelfServiceDeps, req: Request, res: Response, { token, password }: ResetPasswordBody) {
  const link = await deps.tokens.peek("reset", token);
  const account = link && (await deps.accounts.findById(link.subjectId));
  if (!link || !account || account.email !== link.email) throw deadLink();
  if ((await deps.resolveUser(account.id))?.status === "deactivated") throw new ForbiddenError(ACCOUNT_DEACTIVATED);
  await assertStrongPassword(password, [account.email]);
  const passwordHash = await hashPassword(password);
  if (!(await deps.tokens.spend("reset", token))) throw deadLink(); // another click spent it meanwhile
  await deps.accounts.setPassword(account.id, passwordHash);
  await deps.sessions.revokeAll(account.id);
  await deps.backoff.endRun(account.email);
  await startSession(deps, req, res, account.id);
  await deps.accounts.touchSignIn(account.id, deps.now());
  res.json(await meOf(deps, account));
}

/** A limiter of its own, so asking for links spends no sign-in attempts (and sign-ins no links). */
function setup(deps: SelfServiceDeps) {
  const limiter = createRateLimiter(deps.db, RESET_REQUEST_LIMIT, deps.now);
  return { deps, requests: { ...deps, limiter } };
}

/** POST /api/auth/password-reset and /complete: a forgotten password (or none yet, OIDC-only) set through a mailed link. */
export const passwordResetRoutes = routeGroup(setup, (route) => [
  route({
    ...authRoute,
    // Counted per address and per the email named before the body is checked: a malformed body spends one too.
    admit: (req, { requests }) => limitAttempt(requests, req),
    method: "POST",
    path: "/api/auth/password-reset",
    allow: PUBLIC,
    summary: "Mail a link to set a new password (the same answer for every address)",
    body: ForgotPasswordBody,
    responses: { 202: ResetRequested },
    handle: ({ req, res, body: { email } }, { deps }) => {
      deps.requestReset(email, resetPageOf(req, deps));
      res.status(202).json({ message: RESET_REQUESTED });
    },
  }),
  route({
    ...authRoute,
    admit: (req, { deps }) => limitAttempt(deps, req),
    method: "POST",
    path: "/api/auth/password-reset/complete",
    allow: PUBLIC,
    summary: "Set a new password with a mailed link, and sign in",
    body: ResetPasswordBody,
    responses: { 200: Me },
    handle: ({ req, res, body }, { deps }) => completeReset(deps, req, res, body),
  }),
]);
