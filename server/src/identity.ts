import { Router, type RequestHandler } from "express";
import { authRoutes } from "@crm/command-service/auth/auth.routes";
import type { AuthDeps } from "@crm/command-service/auth/auth-deps";
import { failedSignInsNotifier } from "@crm/command-service/auth/failed-sign-ins";
import { oidcRoutes } from "@crm/command-service/auth/oidc.routes";
import { loadUser, userOf } from "@crm/command-service/user/user-state";
import { userCommandRoutes } from "@crm/command-service/user/user.routes";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { userStreamId } from "@crm/contracts/user/stream";
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

export interface Identity {
  /** Before every route: session, CSRF, req.user / req.actor, the access policy. */
  authenticate: RequestHandler;
  /** /api/auth/*: sign-up, sign-in, sign-out, me, OIDC (served by whichever process gets the request). */
  authRoutes: Router;
  /** Register, approve, reject, change role. */
  commandRoutes: Router;
}

/**
 * Identity for one process; its rate limiter lives in this process's memory (ADR 009), the
 * sign-in backoff in the database (decisions/040).
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
  const deps: AuthDeps = {
    accounts: accountRepository(system.db),
    sessions,
    limiter: createRateLimiter({ limit: 10, windowMs: 60_000, now: () => now().getTime() }),
    backoff: signInBackoff(system.db),
    notifyFailedSignIns: failedSignInsNotifier({
      mailer: () => (mailer ??= createMailer(system.config)),
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
  auth.use(authRoutes(deps), oidcRoutes({ ...deps, logFailure }));
  return {
    authenticate: authenticate({ sessions, resolveUser, publicUrl, policy: ACCESS_POLICY }),
    authRoutes: auth,
    commandRoutes: userCommandRoutes({ store: system.store, now, newId: () => system.newId() }),
  };
}
