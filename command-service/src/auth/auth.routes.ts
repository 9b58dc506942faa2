import type { Request, RequestHandler } from "express";
import { ConflictError, ForbiddenError, UnauthenticatedError } from "@crm/contracts/api/errors";
import { ACCOUNT_DEACTIVATED, EMAIL_INVITED, EMAIL_TAKEN, INVALID_CREDENTIALS, Me, SignInBody, SignUpBody } from "@crm/contracts/auth/auth";
import { EmailTakenError } from "@crm/infra/auth/accounts";
import { hashPassword, verifyPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import { PUBLIC, SIGNED_IN } from "@crm/infra/http/access-policy";
import { isDeactivated } from "@crm/infra/http/auth-context";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { clearSessionCookie } from "@crm/infra/http/session-cookie";
import { limitAttempt, meOf, startSession, type AuthDeps } from "./auth-deps.ts";
import { admitSignIn, afterFailedSignIn, signInKeysOf } from "./failed-sign-ins.ts";

/** Answers about sessions and accounts are never cached. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** What every /api/auth route shares (the OIDC routes too): no caching, and bodies of at most 16 KB. */
export const authRoute = { tag: "auth", before: (): RequestHandler[] => [noStore], bodyLimit: "16kb" };

/**
 * Sign-up and sign-in count each attempt (per address, and per the email it names) before the body
 * is checked, so a malformed body spends an attempt too.
 */
const counted = { ...authRoute, admit: (req: Request, deps: AuthDeps) => limitAttempt(deps, req) };

/**
 * POST /api/auth/sign-up, sign-in, sign-out and GET /api/auth/me (contract: docs auth-contract).
 * They may run in the read-api process too (GET /me): each route parses its own body.
 */
export const authRoutes = routeGroup((route: RouteBuilder<AuthDeps>) => [
  route({
    ...counted,
    method: "POST",
    path: "/api/auth/sign-up",
    allow: PUBLIC,
    summary: "Create an account and sign in",
    body: SignUpBody,
    responses: { 201: Me },
    handle: async ({ req, res, body: { email, password } }, deps) => {
      await assertStrongPassword(password, [email]);
      if (await deps.accounts.findByEmail(email)) throw new ConflictError(EMAIL_TAKEN);
      // A second account for an invited address would make the invitation unusable.
      if (await deps.accounts.isInvited(email)) throw new ConflictError(EMAIL_INVITED);
      const account = await deps.accounts
        .create({ id: deps.newId(), email, passwordHash: await hashPassword(password) })
        .catch((error: unknown) => {
          throw error instanceof EmailTakenError ? new ConflictError(EMAIL_TAKEN) : error;
        });
      await startSession(deps, req, res, account.id);
      await deps.accounts.touchSignIn(account.id, deps.now());
      res.status(201).json(await meOf(deps, account));
    },
  }),
  route({
    ...counted,
    method: "POST",
    path: "/api/auth/sign-in",
    allow: PUBLIC,
    summary: "Sign in with email and password",
    body: SignInBody,
    responses: { 200: Me },
    handle: async ({ req, res, body: { email, password } }, deps) => {
      const keys = signInKeysOf(email, req.ip);
      await admitSignIn(deps, keys);
      const account = await deps.accounts.findByEmail(email);
      // One answer for an unknown email and a wrong password, after the same amount of work.
      const valid = await verifyPassword(account?.passwordHash, password);
      if (!account || !valid) {
        await afterFailedSignIn(deps, keys, account?.email);
        throw new UnauthenticatedError(INVALID_CREDENTIALS);
      }
      await deps.backoff.succeeded(keys);
      // Only once the password checked out: a guesser learns nothing from this answer.
      if (isDeactivated(await deps.resolveUser(account.id))) throw new ForbiddenError(ACCOUNT_DEACTIVATED);
      await startSession(deps, req, res, account.id);
      await deps.accounts.touchSignIn(account.id, deps.now());
      res.json(await meOf(deps, account));
    },
  }),
  route({
    ...authRoute,
    method: "POST",
    path: "/api/auth/sign-out",
    allow: PUBLIC,
    summary: "Sign out (revokes the session)",
    responses: { 204: "empty" },
    handle: async ({ req, res }, deps) => {
      if (req.account) await deps.sessions.revoke(req.account.token);
      clearSessionCookie(req, res, deps.publicUrl);
      res.status(204).end();
    },
  }),
  route({
    ...authRoute,
    method: "GET",
    path: "/api/auth/me",
    allow: SIGNED_IN,
    summary: "The signed-in account and its staff record",
    cache: "no-store",
    responses: { 200: Me },
    handle: ({ req, res }) => {
      if (!req.account) throw new UnauthenticatedError();
      res.json({ accountId: req.account.id, email: req.account.email, user: req.user ?? null });
    },
  }),
]);
