import type { Request, Response } from "express";
import { positioned } from "@crm/contracts/api/command-result";
import { NotFoundError, UnauthenticatedError, ValidationError } from "@crm/contracts/api/errors";
import { ChangePasswordBody } from "@crm/contracts/auth/commands";
import { Profile, ProfileBody } from "@crm/contracts/user/user";
import { userStreamId } from "@crm/contracts/user/stream";
import { hashPassword, verifyPassword } from "@crm/infra/auth/password";
import { assertStrongPassword } from "@crm/infra/auth/password-strength";
import { OWN_ACCOUNT } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { handleCommand } from "../core/command-handler.ts";
import { commandOptions, expectedVersionOf } from "../core/command-context.ts";
import { loadUserState } from "../user/user-state.ts";
import { userDecider, type UserState } from "../user/user.decider.ts";
import { authRoute } from "./auth.routes.ts";
import { admitSignIn, afterFailedSignIn, signInKeysOf } from "./failed-sign-ins.ts";
import type { SelfServiceDeps } from "./password-reset.ts";

export const WRONG_CURRENT_PASSWORD = "This is not your current password.";
export const NO_PASSWORD_YET = "Your account has no password yet: sign out and use “Forgot password?” to set one.";
export const SAME_PASSWORD = "Choose a password other than your current one.";

/** The profile of an active account's state; anyone else has none. */
function profileOf(state: UserState): Profile {
  if (state.status !== "approved" || state.deactivated) throw new NotFoundError("Profile");
  const { id, email, displayName, role, timeZone, signature } = state;
  return { id, email, displayName, role, timeZone, signature };
}

function signedIn(req: Request) {
  if (!req.account) throw new UnauthenticatedError();
  return req.account;
}

/** The scorer's refusal names `password`; this body calls it `newPassword`. */
async function assertStrongNewPassword(password: string, userInputs: string[]) {
  await assertStrongPassword(password, userInputs).catch((error: unknown) => {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      (error.errors ?? []).map((e) => ({ ...e, field: "newPassword" })),
      error.message,
    );
  });
}

/**
 * A new password for a signed-in person. The current one is checked as a sign-in is, against the
 * same backoff (a stolen session must not become a way to guess it); this session stays, every
 * other one ends.
 */
async function changePassword(deps: SelfServiceDeps, req: Request, res: Response, body: ChangePasswordBody) {
  const { id, token } = signedIn(req);
  const account = await deps.accounts.findById(id);
  if (!account) throw new UnauthenticatedError();
  const keys = signInKeysOf(account.email, req.ip);
  await admitSignIn(deps, keys);
  if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
    await afterFailedSignIn(deps, keys, account.email);
    const message = account.passwordHash ? WRONG_CURRENT_PASSWORD : NO_PASSWORD_YET;
    throw new ValidationError([{ field: "currentPassword", message }], message);
  }
  await deps.backoff.succeeded(keys);
  if (body.newPassword === body.currentPassword)
    throw new ValidationError([{ field: "newPassword", message: SAME_PASSWORD }], SAME_PASSWORD);
  await assertStrongNewPassword(body.newPassword, [account.email]);
  await deps.accounts.setPassword(account.id, await hashPassword(body.newPassword));
  await deps.sessions.revokeAllExcept(account.id, token);
  res.status(204).end();
}

/**
 * GET and PATCH /api/profile, POST /api/profile/password: a person's own name, time zone,
 * signature and password. Mounted with the sign-in routes, in every process (a read-api process
 * serves the GET), like GET /api/auth/me; the profile is read from the person's own stream.
 */
export const profileRoutes = routeGroup((route: RouteBuilder<SelfServiceDeps>) => [
  route({
    ...authRoute,
    tag: "profile",
    method: "GET",
    path: "/api/profile",
    allow: OWN_ACCOUNT,
    summary: "The signed-in person's profile",
    cache: "no-store",
    responses: { 200: Profile },
    handle: async ({ req, res }, deps) => {
      res.json(profileOf(await loadUserState(deps.store, signedIn(req).id)));
    },
  }),
  route({
    ...authRoute,
    tag: "profile",
    method: "PATCH",
    path: "/api/profile",
    allow: OWN_ACCOUNT,
    summary: "Change one's display name, time zone or mail signature",
    body: ProfileBody,
    responses: { 200: positioned(Profile) },
    handle: async ({ req, res, body }, deps) => {
      const userId = signedIn(req).id;
      const options = { ...commandOptions(req, deps), ...expectedVersionOf(req, undefined) };
      const outcome = await handleCommand(
        deps.store,
        userStreamId(userId),
        userDecider,
        { type: "ChangeProfile", userId, ...body },
        options,
      );
      res
        .setHeader("ETag", `"${outcome.version}"`)
        .json({ ...profileOf(outcome.state), version: outcome.version, position: outcome.position });
    },
  }),
  route({
    ...authRoute,
    tag: "profile",
    method: "POST",
    path: "/api/profile/password",
    allow: OWN_ACCOUNT,
    summary: "Change one's password (every other session ends)",
    body: ChangePasswordBody,
    responses: { 204: "empty" },
    handle: ({ req, res, body }, deps) => changePassword(deps, req, res, body),
  }),
]);
