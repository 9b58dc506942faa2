import type { Request, Response } from "express";
import type { Me } from "@crm/contracts/auth/auth";
import { RateLimitedError } from "@crm/contracts/api/errors";
import type { User } from "@crm/contracts/user/user";
import type { AccountRepository } from "@crm/infra/auth/accounts";
import type { OidcClient } from "@crm/infra/auth/oidc";
import type { RateLimit, RateLimiter } from "@crm/infra/auth/rate-limiter";
import type { SessionStore } from "@crm/infra/auth/sessions";
import type { FailureRun, SignInBackoff } from "@crm/infra/auth/sign-in-backoff";
import { setSessionCookie } from "@crm/infra/http/session-cookie";

/** Sign-in and sign-up attempts per client address and per email (docs/product.md, "Limits and constants"). */
export const SIGN_IN_LIMIT: RateLimit = { name: "sign-in", limit: 10, windowMs: 60_000 };

/** What the sign-in routes need; the composition root builds it once per process. */
export interface AuthDeps {
  accounts: AccountRepository;
  sessions: SessionStore;
  /** Sign-in and sign-up attempts, keyed "ip:…" and "email:…", counted in the database for every process (decisions/058). */
  limiter: RateLimiter;
  /** Failed sign-ins in a row per email and per address, shared by every process (decisions/040). */
  backoff: SignInBackoff;
  /** Tells an account's owner of a run of failed sign-ins; never awaited by the answer (failed-sign-ins.ts). */
  notifyFailedSignIns(email: string, run: FailureRun): void;
  now: () => Date;
  resolveUser(accountId: string): Promise<User | null>;
  newId: () => string;
  publicUrl?: string | undefined;
  /** Absent when OIDC is not configured. */
  oidc?: OidcClient | undefined;
  oidcRedirectUrl?: string | undefined;
}

/** Counts one attempt against the client's address and the email it names; 429 past the limit. */
export async function limitAttempt(deps: Pick<AuthDeps, "limiter">, req: Request) {
  const email = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase().slice(0, 320) : undefined;
  for (const key of [`ip:${req.ip ?? "unknown"}`, ...(email ? [`email:${email}`] : [])]) {
    const decision = await deps.limiter.hit(key);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }
}

/** A fresh session (never the one the request came with: no fixation), sent as the cookie. */
export async function startSession(deps: AuthDeps, req: Request, res: Response, accountId: string): Promise<string> {
  if (req.account) await deps.sessions.revoke(req.account.token);
  const { token, session } = await deps.sessions.create(accountId);
  setSessionCookie(req, res, token, session.expiresAt, deps.publicUrl);
  return token;
}

export async function meOf(deps: AuthDeps, account: { id: string; email: string }): Promise<Me> {
  return { accountId: account.id, email: account.email, user: await deps.resolveUser(account.id) };
}

/**
 * A page of the app as a mailed link points at it: PUBLIC_URL's, else (outside production) the
 * address this request was sent to. Never the Origin header, and in production never the Host:
 * whoever could name it would have the recipient's link point at their own site. Undefined when
 * production has no PUBLIC_URL.
 */
export function mailedPageUrl(
  req: Request,
  deps: { publicUrl?: string | undefined; production: boolean },
  page: string,
): string | undefined {
  if (deps.publicUrl) return `${deps.publicUrl.replace(/\/+$/, "")}${page}`;
  if (deps.production) return undefined;
  return `${req.protocol}://${req.get("host") ?? "localhost"}${page}`;
}
