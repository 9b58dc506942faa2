import express, { Router } from "express";
import { ConflictError, UnauthenticatedError } from "@crm/contracts/api/errors";
import { EMAIL_TAKEN, INVALID_CREDENTIALS, SignInBody, SignUpBody } from "@crm/contracts/auth/auth";
import { EmailTakenError } from "@crm/infra/auth/accounts";
import { hashPassword, verifyPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import { clearSessionCookie } from "@crm/infra/http/session-cookie";
import { storableTextOnly } from "@crm/infra/http/storable-text";
import { parseOr400 } from "@crm/infra/http/validate";
import { limitAttempt, meOf, startSession, type AuthDeps } from "./auth-deps.ts";
import { admitSignIn, afterFailedSignIn, signInKeysOf } from "./failed-sign-ins.ts";

/** POST /api/auth/sign-up, sign-in, sign-out and GET /api/auth/me (contract: docs auth-contract). */
export function authRoutes(deps: AuthDeps): Router {
  const router = Router();
  // This router may run in the read-api process too (GET /me), where no JSON parser is mounted.
  router.use("/api/auth", express.json({ limit: "16kb", strict: true, type: "application/json" }), storableTextOnly);
  router.use("/api/auth", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/api/auth/sign-up", async (req, res) => {
    limitAttempt(deps, req);
    const { email, password } = parseOr400(SignUpBody, req.body);
    await assertStrongPassword(password, [email]);
    if (await deps.accounts.findByEmail(email)) throw new ConflictError(EMAIL_TAKEN);
    const account = await deps.accounts
      .create({ id: deps.newId(), email, passwordHash: await hashPassword(password) })
      .catch((error: unknown) => {
        throw error instanceof EmailTakenError ? new ConflictError(EMAIL_TAKEN) : error;
      });
    await startSession(deps, req, res, account.id);
    res.status(201).json(await meOf(deps, account));
  });

  router.post("/api/auth/sign-in", async (req, res) => {
    limitAttempt(deps, req);
    const { email, password } = parseOr400(SignInBody, req.body);
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
    await startSession(deps, req, res, account.id);
    res.json(await meOf(deps, account));
  });

  router.post("/api/auth/sign-out", async (req, res) => {
    if (req.account) await deps.sessions.revoke(req.account.token);
    clearSessionCookie(req, res, deps.publicUrl);
    res.status(204).end();
  });

  router.get("/api/auth/me", async (req, res) => {
    if (!req.account) throw new UnauthenticatedError();
    res.json({ accountId: req.account.id, email: req.account.email, user: req.user ?? null });
  });

  return router;
}
