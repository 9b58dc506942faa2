import { Router, type RequestHandler } from "express";
import { authRoutes } from "@crm/command-service/auth/auth.routes";
import { SIGN_IN_LIMIT, type AuthDeps } from "@crm/command-service/auth/auth-deps";
import { failedSignInsNotifier } from "@crm/command-service/auth/failed-sign-ins";
import { oidcRoutes } from "@crm/command-service/auth/oidc.routes";
import { resetRequester, type SelfServiceDeps } from "@crm/command-service/auth/password-reset";
import { passwordResetRoutes } from "@crm/command-service/auth/password-reset.routes";
import { profileRoutes } from "@crm/command-service/auth/profile.routes";
import { loadUser, userOf } from "@crm/command-service/user/user-state";
import { inviteAuthRoutes, invitationRoutes } from "@crm/command-service/user/invite.routes";
import { userCommandRoutes } from "@crm/command-service/user/user.routes";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { userStreamId } from "@crm/contracts/user/stream";
import { accountTokens } from "@crm/infra/auth/account-tokens";
import { accountRepository } from "@crm/infra/auth/accounts";
import { createOidcClient, type OidcClient } from "@crm/infra/auth/oidc";
import { createRateLimiter } from "@crm/infra/auth/rate-limiter";
import { sessionStore } from "@crm/infra/auth/sessions";
import { signInBackoff } from "@crm/infra/auth/sign-in-backoff";
import type { Config } from "@crm/infra/config";
import { authenticate } from "@crm/infra/http/authenticate";
import { createMailer } from "@crm/infra/mail/create-mailer";
import type { Mailer } from "@crm/infra/mail/mailer";
import { ACCESS_POLICY } from "./api.ts";
import type { System } from "./system.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The OIDC client when issuer, client id and secret are configured. */
function oidcClientOf(config: Config): OidcClient | undefined {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return undefined;
  const issuer = new URL(config.OIDC_ISSUER);
  return createOidcClient({
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    providerName: config.OIDC_PROVIDER_NAME,
    // Plain http only for a local test provider, never in production.
    allowInsecure: issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname) && config.NODE_ENV !== "production",
  });
}

/** The self-service routes' dependencies: reset links (mailed after the answer, system.background) and the profile's stream. */
function selfServiceDeps(system: System, deps: AuthDeps, mailer: () => Mailer): SelfServiceDeps {
  const tokens = accountTokens(system.db, deps.now);
  const requestReset = resetRequester({
    ...deps,
    store: system.store,
    tokens,
    mailer,
    mailFrom: system.config.MAIL_FROM,
    later: (name, job) => system.background.run(name, job),
    warn: (message) => system.log.warn(message),
  });
  return { ...deps, tokens, requestReset, store: system.store, db: system.db, production: system.config.NODE_ENV === "production" };
}

/** The Partner's user administration: approvals, roles, invitations, deactivation. */
function teamCommandRoutes(system: System, deps: AuthDeps, mailer: () => Mailer): Router {
  const { store, db } = system;
  const shared = { store, db, now: deps.now, newId: deps.newId };
  const logMailFailure = (error: unknown) => system.log.error({ err: error }, "The invitation's email was not sent");
  const production = system.config.NODE_ENV === "production";
  const invitations = { ...shared, mailer, mailFrom: system.config.MAIL_FROM, publicUrl: deps.publicUrl, production, logMailFailure };
  return Router().use(userCommandRoutes({ ...shared, sessions: deps.sessions }), invitationRoutes(invitations));
}

export interface Identity {
  /** Before every route: session, CSRF, req.user / req.actor, the access policy. */
  authenticate: RequestHandler;
  /** /api/auth/*: sign-up, sign-in, sign-out, me, OIDC, password reset, and /api/profile (served by whichever process gets the request). */
  authRoutes: Router;
  /** Register, approve, reject, change role, invitations, deactivation. */
  commandRoutes: Router;
}

/**
 * Identity for one process; its rate limits (decisions/058) and the sign-in backoff (decisions/040)
 * are counted in the database, so every process on it shares them.
 */
export function createIdentity(system: System): Identity {
  const now = () => system.now(); // late-bound, so tests can move the clock
  // With the events in Postgres (not KurrentDB), a session check reads the user's stream in the
  // same query: one round trip per request, and still the stream itself, so approvals, role
  // changes and rejections count from the next request.
  const eventsInDatabase = !system.config.KURRENTDB_URL;
  const sessions = sessionStore(system.db, now, eventsInDatabase ? { accountStreamPrefix: userStreamId("") } : {});
  const resolveUser = async (accountId: string, stream?: readonly RecordedEvent[]) =>
    stream ? userOf(stream) : loadUser(system.store, accountId);
  const publicUrl = system.config.PUBLIC_URL;
  const oidcRedirectUrl = system.config.OIDC_REDIRECT_URL;
  let mailer: Mailer | undefined; // made at the first notice: most processes never send one
  const mailerOnce = () => (mailer ??= createMailer(system.config));
  const deps: AuthDeps = {
    accounts: accountRepository(system.db),
    sessions,
    limiter: createRateLimiter(system.db, SIGN_IN_LIMIT, now),
    backoff: signInBackoff(system.db),
    notifyFailedSignIns: failedSignInsNotifier({
      mailer: mailerOnce,
      store: system.store,
      mailFrom: system.config.MAIL_FROM,
      publicUrl,
      now,
      newId: () => system.newId(),
      log: (error) => system.log.error({ err: error }, "The failed sign-ins notice was not sent"),
    }),
    now,
    resolveUser,
    newId: () => system.newId(),
    publicUrl,
    oidc: oidcClientOf(system.config),
    oidcRedirectUrl,
  };
  const auth = Router();
  const logFailure = (error: unknown) => system.log.warn({ err: error }, "OIDC sign-in failed");
  const selfService = selfServiceDeps(system, deps, mailerOnce);
  auth.use(authRoutes(deps), oidcRoutes({ ...deps, logFailure }), passwordResetRoutes(selfService), profileRoutes(selfService));
  const { store, db } = system;
  auth.use(inviteAuthRoutes({ ...deps, store, db, mailFrom: system.config.MAIL_FROM }));
  return {
    authenticate: authenticate({ sessions, resolveUser, publicUrl, policy: ACCESS_POLICY }),
    authRoutes: auth,
    commandRoutes: teamCommandRoutes(system, deps, mailerOnce),
  };
}
