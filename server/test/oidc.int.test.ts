import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();
/** Both backends always appear in the report; Postgres is skipped, not dropped, when no server answers. */
const BACKENDS = ["postgres", "pglite"] as const;

/** The provider's identity for the next token: who signs in. */
let nextIdentity: { sub: string; email: string; email_verified: boolean };

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`sign-in with OpenID Connect on ${backend}`, () => {
    let provider: OAuth2Server;
    let app: TestApp;

    beforeAll(async () => {
      provider = new OAuth2Server();
      await provider.issuer.keys.generate("RS256");
      await provider.start(0, "127.0.0.1");
      provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, nextIdentity));
      app = await startTestApp(backend, { OIDC_ISSUER: provider.issuer.url!, OIDC_CLIENT_ID: "crm-test", OIDC_CLIENT_SECRET: "s3cret" });
    });
    afterAll(async () => {
      await app.close();
      await provider.stop();
    });

    /** start -> provider's authorize -> back to our callback; answers the callback's response. */
    async function signInThroughProvider(tamper?: (callbackUrl: URL) => void, keepFlowCookie = true) {
      const start = await fetch(`${app.url}/api/auth/oidc/start`, { redirect: "manual" });
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("nonce")).toBeTruthy();
      const flowCookie = start.headers
        .getSetCookie()
        .find((c) => c.startsWith("crm_oidc="))!
        .split(";")[0]!;
      const back = await fetch(authorize, { redirect: "manual" });
      const callbackUrl = new URL(back.headers.get("location")!);
      expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${app.url}/api/auth/oidc/callback`);
      tamper?.(callbackUrl);
      const callback = await fetch(callbackUrl, { redirect: "manual", headers: keepFlowCookie ? { cookie: flowCookie } : {} });
      const session = callback.headers.getSetCookie().find((c) => c.startsWith("crm_session="));
      return {
        status: callback.status,
        location: callback.headers.get("location"),
        token: session?.split(";")[0]!.slice("crm_session=".length),
      };
    }

    it("says it is enabled and names the provider", async () => {
      expect((await call(app, "/api/auth/oidc/config")).body).toEqual({ enabled: true, provider: "Google" });
    });

    it("runs the code flow with PKCE, state and nonce, and signs a new account in", async () => {
      nextIdentity = { sub: "google-ada", email: "Ada@Example.com", email_verified: true };
      const result = await signInThroughProvider();
      expect(result).toMatchObject({ status: 302, location: "/" });
      const me = await call(app, "/api/auth/me", { cookie: result.token! });
      expect(me.body).toMatchObject({ email: "ada@example.com", user: null });
      // The same provider identity signs in to the same account next time.
      const again = await signInThroughProvider();
      expect((await call(app, "/api/auth/me", { cookie: again.token! })).body.accountId).toBe(me.body.accountId);
    });

    it("refuses a callback whose state was tampered with, or that lost its flow cookie", async () => {
      nextIdentity = { sub: "google-eve", email: "eve@example.com", email_verified: true };
      const tampered = await signInThroughProvider((url) => url.searchParams.set("state", "forged"));
      expect(tampered).toMatchObject({ status: 302, location: "/login?error=failed", token: undefined });
      const lost = await signInThroughProvider(undefined, false);
      expect(lost).toMatchObject({ status: 302, location: "/login?error=expired", token: undefined });
      const denied = await fetch(`${app.url}/api/auth/oidc/callback?error=access_denied`, { redirect: "manual" });
      expect(denied.headers.get("location")).toBe("/login?error=cancelled");
    });

    it("refuses an unverified email", async () => {
      nextIdentity = { sub: "google-unverified", email: "someone@example.com", email_verified: false };
      expect(await signInThroughProvider()).toMatchObject({ location: "/login?error=email_not_verified", token: undefined });
    });

    it("links a verified email to the existing account and drops its password and sessions", async () => {
      const existing = await signUpAs(app, { role: "Project Manager", email: "grace@example.com", password: "pre-registered password" });
      nextIdentity = { sub: "google-grace", email: "grace@example.com", email_verified: true };
      const result = await signInThroughProvider();
      const me = await call(app, "/api/auth/me", { cookie: result.token! });
      expect(me.body).toMatchObject({ accountId: existing.accountId, user: { role: "Project Manager" } });
      expect((await call(app, "/api/auth/me", { bearer: existing.token })).status).toBe(401);
      const withPassword = await call(app, "/api/auth/sign-in", {
        method: "POST",
        body: { email: "grace@example.com", password: "pre-registered password" },
      });
      expect(withPassword.status).toBe(401);
    });
  });
