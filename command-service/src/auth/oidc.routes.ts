import type { Request, Response } from "express";
import { NotFoundError } from "@crm/contracts/api/errors";
import { OidcPublicConfig } from "@crm/contracts/auth/auth";
import { EmailTakenError, type Account } from "@crm/infra/auth/accounts";
import type { OidcClient, OidcFlow, OidcIdentity } from "@crm/infra/auth/oidc";
import { PUBLIC } from "@crm/infra/http/access-policy";
import { isDeactivated } from "@crm/infra/http/auth-context";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { isHttps, readCookie } from "@crm/infra/http/session-cookie";
import { startSession, type AuthDeps } from "./auth-deps.ts";
import { authRoute } from "./auth.routes.ts";

export interface OidcRouteDeps extends AuthDeps {
  /** Where a failed exchange with the provider is logged (default console.error); the browser only sees "failed". */
  logFailure?: (error: unknown) => void;
}

const FLOW_COOKIE = "crm_oidc";
const FLOW_PATH = "/api/auth/oidc";
const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

/** Where the provider sends the browser back: configured, or derived from PUBLIC_URL or this request. */
function redirectUriOf(deps: OidcRouteDeps, req: Request): string {
  if (deps.oidcRedirectUrl) return deps.oidcRedirectUrl;
  const base = deps.publicUrl ?? `${req.protocol}://${req.get("host")}`;
  return new URL("/api/auth/oidc/callback", base).href;
}

function readFlow(req: Request): OidcFlow | undefined {
  const raw = readCookie(req, FLOW_COOKIE);
  if (!raw) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<OidcFlow>;
    const ok = [flow.state, flow.nonce, flow.codeVerifier, flow.redirectUri].every((v) => typeof v === "string" && v.length > 0);
    return ok ? (flow as OidcFlow) : undefined;
  } catch {
    return undefined;
  }
}

const isDeactivatedAccount = async (deps: AuthDeps, account: Account) => isDeactivated(await deps.resolveUser(account.id));

/**
 * The account an OIDC identity signs in to: the one linked to it, else the account with its
 * (verified) email, else a new one. Linking to a password account drops that password and its
 * sessions: whoever set it before the mailbox owner arrived may not have owned the mailbox.
 */
async function accountFor(deps: AuthDeps, identity: OidcIdentity): Promise<Account | "unverified" | "deactivated"> {
  const linked = await deps.accounts.findByOidcSubject(identity.issuer, identity.subject);
  if (linked) return (await isDeactivatedAccount(deps, linked)) ? "deactivated" : linked;
  if (!identity.email || !identity.emailVerified) return "unverified";
  let account = await deps.accounts.findByEmail(identity.email);
  // Refused before the link is made: a deactivated account keeps its password and its state.
  if (account && (await isDeactivatedAccount(deps, account))) return "deactivated";
  if (account?.passwordHash) {
    await deps.accounts.clearPassword(account.id);
    await deps.sessions.revokeAll(account.id);
  }
  if (!account) {
    account = await deps.accounts.create({ id: deps.newId(), email: identity.email, passwordHash: null }).catch(async (error: unknown) => {
      if (error instanceof EmailTakenError) return (await deps.accounts.findByEmail(identity.email!))!;
      throw error;
    });
  }
  await deps.accounts.linkOidcSubject(identity.issuer, identity.subject, account.id);
  return account;
}

const toLogin = (res: Response, error: string) => res.redirect(302, `/login?error=${encodeURIComponent(error)}`);

const clearFlow = (req: Request, res: Response, deps: OidcRouteDeps) =>
  res.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: "lax", path: FLOW_PATH, secure: isHttps(req, deps.publicUrl) });

async function start(req: Request, res: Response, deps: OidcRouteDeps) {
  const oidc: OidcClient | undefined = deps.oidc;
  if (!oidc) throw new NotFoundError("Sign-in with an identity provider");
  const { url, flow } = await oidc.start(redirectUriOf(deps, req));
  const value = Buffer.from(JSON.stringify(flow)).toString("base64url");
  // Lax: the cookie must come back on the provider's top-level redirect to the callback.
  res.cookie(FLOW_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: FLOW_PATH,
    secure: isHttps(req, deps.publicUrl),
    maxAge: FLOW_MAX_AGE_MS,
  });
  res.redirect(302, url);
}

async function callback(req: Request, res: Response, deps: OidcRouteDeps) {
  const flow = readFlow(req);
  clearFlow(req, res, deps);
  if (!deps.oidc) return toLogin(res, "not_configured");
  if (typeof req.query.error === "string") return toLogin(res, "cancelled");
  if (!flow) return toLogin(res, "expired");
  let identity: OidcIdentity;
  try {
    identity = await deps.oidc.finish(new URL(req.originalUrl, "http://callback").search, flow);
  } catch (error) {
    (deps.logFailure ?? console.error)(error);
    return toLogin(res, "failed");
  }
  const account = await accountFor(deps, identity);
  if (account === "unverified") return toLogin(res, "email_not_verified");
  if (account === "deactivated") return toLogin(res, "deactivated");
  await startSession(deps, req, res, account.id);
  await deps.accounts.touchSignIn(account.id, deps.now());
  res.redirect(302, "/");
}

/** GET /api/auth/oidc/config, /start and /callback: sign-in with Google (or any OIDC provider). */
export const oidcRoutes = routeGroup((route: RouteBuilder<OidcRouteDeps>) => [
  route({
    ...authRoute,
    method: "GET",
    path: "/api/auth/oidc/config",
    allow: PUBLIC,
    summary: "Whether OpenID Connect sign-in is configured",
    cache: "no-store",
    responses: { 200: OidcPublicConfig },
    handle: ({ res }, deps) => {
      const body: OidcPublicConfig = { enabled: deps.oidc !== undefined, provider: deps.oidc?.providerName ?? "Google" };
      res.json(body);
    },
  }),
  route({
    ...authRoute,
    method: "GET",
    path: "/api/auth/oidc/start",
    allow: PUBLIC,
    summary: "Redirect to the OpenID provider",
    cache: "no-store",
    responses: { 302: "redirect" },
    handle: ({ req, res }, deps) => start(req, res, deps),
  }),
  route({
    ...authRoute,
    method: "GET",
    path: "/api/auth/oidc/callback",
    allow: PUBLIC,
    summary: "Return from the OpenID provider",
    cache: "no-store",
    responses: { 302: "redirect" },
    handle: ({ req, res }, deps) => callback(req, res, deps),
  }),
]);
