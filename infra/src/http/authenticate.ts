import type { RequestHandler } from "express";
import { ForbiddenError, UnauthenticatedError } from "@crm/contracts/api/errors";
import { ACCOUNT_DEACTIVATED, SESSION_COOKIE } from "@crm/contracts/auth/auth";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { User } from "@crm/contracts/user/user";
import type { SessionStore } from "../auth/sessions.ts";
import { createRuleMatcher } from "./access-match.ts";
import type { AccessRule, Audience } from "./access-policy.ts";
import { audienceOf, isDeactivated, presentedToken, type RequestAccount } from "./auth-context.ts";
import { assertSameOrigin } from "./same-origin.ts";
import { clearSessionCookie, readCookie, setSessionCookie } from "./session-cookie.ts";

export interface AuthenticateDeps {
  sessions: SessionStore;
  /**
   * The staff record of an account, read where it is current (its own stream), null before any
   * request; `stream` is that stream when the session query already brought it along.
   */
  resolveUser(accountId: string, stream?: readonly RecordedEvent[]): Promise<User | null>;
  publicUrl?: string | undefined;
  /** Who may call each route (derived from the routes' declarations). */
  policy: readonly AccessRule[];
}

const isApi = (path: string) => /^\/api(\/|$)/i.test(path);

function deny(audience: Audience, rule: AccessRule | undefined, deactivated: boolean): Error {
  if (audience === "anonymous") return new UnauthenticatedError(deactivated ? ACCOUNT_DEACTIVATED : undefined);
  if (audience === "unregistered") return new ForbiddenError("Request access first.");
  if (audience === "pending") return new ForbiddenError("Your account is waiting for a Partner's approval.");
  return new ForbiddenError(rule ? "Your role does not allow this." : "You are not allowed to do this.");
}

/**
 * Runs before every API route: resolves the session (bearer or cookie, sliding expiry), refuses
 * cross-site writes, sets req.account / req.user / req.actor, and applies the access policy.
 */
export function authenticate(deps: AuthenticateDeps): RequestHandler {
  const findRule = createRuleMatcher(deps.policy);
  const cookieOf = (req: Parameters<RequestHandler>[0]) => readCookie(req, SESSION_COOKIE);

  return async (req, res, next) => {
    if (!isApi(req.path)) return next();
    const presented = presentedToken(req, cookieOf);
    const validated = presented ? await deps.sessions.validate(presented.token) : null;
    if (presented?.via === "cookie" && !validated) clearSessionCookie(req, res, deps.publicUrl);
    assertSameOrigin(req, presented?.via === "cookie" && validated !== null, deps.publicUrl);

    let account: RequestAccount | undefined =
      presented && validated
        ? { id: validated.session.accountId, email: validated.email, token: presented.token, via: presented.via }
        : undefined;
    let user = account ? await deps.resolveUser(account.id, validated?.accountStream) : null;
    // A Partner deactivated this account: its session ends now, whichever process deactivation
    // ran in, and the request goes on as signed out (a public route still answers).
    let deactivated = false;
    if (account && isDeactivated(user)) {
      deactivated = true;
      await deps.sessions.revoke(account.token);
      if (account.via === "cookie") clearSessionCookie(req, res, deps.publicUrl);
      account = undefined;
      user = null;
    }
    if (account && validated?.renewed && account.via === "cookie")
      setSessionCookie(req, res, account.token, validated.session.expiresAt, deps.publicUrl);
    const audience = audienceOf(account, user);
    req.account = account;
    req.audience = audience;
    if (user) req.user = user;
    if (account) req.actor = account.id;

    const rule = findRule(req.method, req.path);
    const allowed = rule
      ? rule.allow.includes(audience)
      : audience !== "anonymous" && audience !== "unregistered" && audience !== "pending";
    if (!allowed) throw deny(audience, rule, deactivated);
    next();
  };
}
