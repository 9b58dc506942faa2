import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEAD_RESET_LINK } from "@crm/command-service/auth/password-reset.routes";
import { WRONG_CURRENT_PASSWORD } from "@crm/command-service/auth/profile.routes";
import { handleCommand } from "@crm/command-service/core/command-handler";
import { userDecider } from "@crm/command-service/user/user.decider";
import { RESET_REQUESTED } from "@crm/contracts/auth/commands";
import { RESET_LIFETIME_MS } from "@crm/contracts/user/user";
import { userStreamId } from "@crm/contracts/user/stream";
import { accountRepository } from "@crm/infra/auth/accounts";
import { sessionStore } from "@crm/infra/auth/sessions";
import { ACCOUNT_BACKOFF, waitAfter } from "@crm/infra/auth/sign-in-backoff";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { openReadSide } from "../src/read-side.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import { serveTestApp, startTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * Self-service (docs/product.md, "Self-service"): a forgotten password through a mailed link, and
 * a person's own profile and password.
 */

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;
const STRONG = "violet tractors hum beneath quartz";
const NEWER = "copper lanterns drift over marshland";
const PUBLIC_URL = "https://crm.studio.test";
const HOUR = 3_600_000;
let counter = 0;
/** A fresh client address per use, so the limits of one test never reach another. */
const freshIp = () => `10.30.${Math.floor(++counter / 250)}.${counter % 250}`;
const LINK = /https:\/\/crm\.studio\.test\/reset-password#([a-z2-7]{32})/;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`self-service on ${backend}`, () => {
    let app: TestApp;
    let smtp: SmtpTestServer;
    let realNow: () => Date;
    let offsetMs = 0;
    /** The app's clock, moved by the tests instead of sleeping. */
    const advance = (ms: number) => {
      offsetMs += ms;
    };

    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      app = await startTestApp(backend, { SMTP_URL: smtp.url, MAIL_FROM: "Studio Nine <crm@studio.test>", PUBLIC_URL });
      realNow = app.system.now;
      const start = realNow().getTime();
      app.system.now = () => new Date(start + offsetMs);
    });
    afterEach(() => advance(2 * 24 * HOUR)); // every limit, wait and link of one test is over for the next
    afterAll(async () => {
      if (app) app.system.now = realNow;
      await app?.close();
      await smtp?.close();
    });

    const forgot = (email: string, ip = freshIp()) => call(app, "/api/auth/password-reset", { method: "POST", body: { email }, ip });
    const complete = (token: string, password: string) =>
      call(app, "/api/auth/password-reset/complete", { method: "POST", body: { token, password }, ip: freshIp() });
    const signIn = (email: string, password: string) =>
      call(app, "/api/auth/sign-in", { method: "POST", body: { email, password }, ip: freshIp() });
    const me = (token: string) => call(app, "/api/auth/me", { bearer: token });
    /** The mails to an address, once the work left for after the answers is done. */
    const mailsTo = async (email: string) => {
      await app.system.background.idle();
      return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(email));
    };
    /** The token of the newest reset link mailed to an address. */
    const linkFor = async (email: string) => {
      const mails = await mailsTo(email);
      const token = LINK.exec(String(mails.at(-1)?.text))?.[1];
      expect(token, `a reset link to ${email}`).toBeDefined();
      return token!;
    };
    const fieldsOf = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

    describe("a forgotten password", () => {
      it("mails a one-hour, single-use link; setting the password signs in and ends every other session", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        const other = await sessionStore(app.system.db, () => app.system.now()).create(user.accountId);

        const asked = await forgot(user.email.toUpperCase());
        expect(asked.status).toBe(202);
        expect(asked.body).toEqual({ message: RESET_REQUESTED });
        expect(asked.headers.get("cache-control")).toBe("no-store");

        const [mail, ...more] = await mailsTo(user.email);
        expect(more).toEqual([]);
        expect(mail!.subject).toBe("Set a new password for your Studio Nine account");
        expect(mail!.text).toMatch(/works once, and only for one hour/);
        expect(mail!.text).toMatch(/If you did not ask for this/);
        const token = await linkFor(user.email);
        expect(String(mail!.html)).toContain(`${PUBLIC_URL}/reset-password#${token}`);
        // Only the token's hash is stored: nothing in the database can be clicked.
        expect(await tablesContaining(app.system.db, token)).toEqual([]);

        const done = await complete(token, NEWER);
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body).toMatchObject({ accountId: user.accountId, email: user.email, user: { id: user.accountId } });
        expect(done.sessionCookie).toMatch(/^[a-z2-7]{32}$/);
        const { rows } = await app.system.db.query<{ at: string | null }>(`SELECT last_sign_in_at AS at FROM accounts WHERE id = $1`, [
          user.accountId,
        ]);
        expect(rows[0]!.at).not.toBeNull();
        expect((await me(done.sessionCookie!)).status).toBe(200);
        expect((await me(user.token)).status).toBe(401);
        expect((await me(other.token)).status).toBe(401);
        expect((await signIn(user.email, STRONG)).status).toBe(401);
        expect((await signIn(user.email, NEWER)).status).toBe(200);

        const again = await complete(token, "a third phrase nobody guesses");
        expect(again.status).toBe(400);
        expect(again.headers.get("content-type")).toMatch(/application\/problem\+json/);
        expect(again.body.errors).toEqual([{ field: "token", message: DEAD_RESET_LINK }]);
      });

      it("answers an unknown address exactly as a known one, and mails it nothing", async () => {
        const user = await signUpAs(app, { role: "Partner" });
        const tokensBefore = (await app.system.db.query(`SELECT id FROM account_tokens`)).rows.length;
        const mailsBefore = (await mailsTo("@")).length;
        const unknown = await forgot(`nobody-${randomUUID().slice(0, 8)}@example.com`);
        expect(await mailsTo("@")).toHaveLength(mailsBefore);
        expect((await app.system.db.query(`SELECT id FROM account_tokens`)).rows).toHaveLength(tokensBefore);
        const known = await forgot(user.email);
        expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
        expect(await mailsTo(user.email)).toHaveLength(1);
        expect(await mailsTo("@")).toHaveLength(mailsBefore + 1);
      });

      it("refuses a link after its hour, and an earlier link once a newer one is mailed", async () => {
        const user = await signUpAs(app, { role: "Creative Director", password: STRONG });
        await forgot(user.email);
        const first = await linkFor(user.email);
        advance(RESET_LIFETIME_MS + 1_000);
        const late = await complete(first, NEWER);
        expect([late.status, late.body.errors]).toEqual([400, [{ field: "token", message: DEAD_RESET_LINK }]]);

        await forgot(user.email);
        const second = await linkFor(user.email);
        await forgot(user.email);
        const third = await linkFor(user.email);
        expect(third).not.toBe(second);
        expect((await complete(second, NEWER)).status).toBe(400);
        advance(RESET_LIFETIME_MS - 60_000); // still inside its hour
        expect((await complete(third, NEWER)).status).toBe(200);
      });

      it("lets only one of two simultaneous clicks spend the link", async () => {
        const user = await signUpAs(app, { role: "Partner", password: STRONG });
        await forgot(user.email);
        const token = await linkFor(user.email);
        const both = await Promise.all([complete(token, NEWER), complete(token, "a third phrase nobody guesses")]);
        expect(both.map((res) => res.status).sort()).toEqual([200, 400]);
      });

      it("keeps the link when the new password is too weak", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        await forgot(user.email);
        const token = await linkFor(user.email);
        const weak = await complete(token, "Summer2026!");
        expect(weak.status).toBe(400);
        expect(fieldsOf(weak)).toEqual(["password"]);
        expect((await complete(token, NEWER)).status).toBe(200);
      });

      it("lets an account without a password (OIDC only) set one", async () => {
        const email = `oidc-${randomUUID().slice(0, 8)}@example.com`;
        await accountRepository(app.system.db).create({ id: randomUUID(), email, passwordHash: null });
        expect((await forgot(email)).status).toBe(202);
        expect((await complete(await linkFor(email), NEWER)).status).toBe(200);
        expect((await signIn(email, NEWER)).status).toBe(200);
      });

      it("mails a deactivated account no link, and refuses a link it had before", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        await forgot(user.email);
        const before = await linkFor(user.email);
        await deactivate(user);
        expect((await forgot(user.email)).status).toBe(202);
        expect(await mailsTo(user.email)).toHaveLength(1);
        const refused = await complete(before, NEWER);
        expect(refused.status).toBe(403);
        expect((await signIn(user.email, NEWER)).status).not.toBe(200);
      });

      it("ends the email's run of failed sign-ins", async () => {
        const user = await signUpAs(app, { role: "Partner", password: STRONG });
        for (let i = 0; i < 4; i++) {
          advance(waitAfter(i, ACCOUNT_BACKOFF));
          expect((await signIn(user.email, "not the password")).status).toBe(401);
        }
        await forgot(user.email);
        expect((await complete(await linkFor(user.email), NEWER)).status).toBe(200);
        // Without the reset, this attempt would have to wait 2 s.
        expect((await signIn(user.email, NEWER)).status).toBe(200);
      });

      it("limits requests per address and per email (429 with Retry-After)", async () => {
        const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
        for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(202);
        const perEmail = await forgot(email);
        expect(perEmail.status).toBe(429);
        expect(Number(perEmail.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(perEmail.headers.get("content-type")).toMatch(/application\/problem\+json/);

        const ip = freshIp();
        for (let i = 0; i < 5; i++) expect((await forgot(`other-${i}-${email}`, ip)).status).toBe(202);
        expect((await forgot(`sixth-${email}`, ip)).status).toBe(429);
        expect((await forgot(`sixth-${email}`)).status).toBe(202); // another address still may
      });
    });

    /** A Partner deactivates the account (the user decider's command, as the accounts routes run it). */
    async function deactivate(user: SignedIn) {
      const at = app.system.now().toISOString();
      const commandId = randomUUID();
      await handleCommand(
        app.system.store,
        userStreamId(user.accountId),
        userDecider,
        { type: "DeactivateUser", userId: user.accountId, deactivatedBy: null, otherActivePartners: 1 },
        { metadata: { actor: "system", at, commandId, correlationId: commandId } },
      );
    }

    describe("the profile", () => {
      const as = (who: SignedIn) => ({
        get: (path: string) => call(app, path, { bearer: who.token }),
        patch: (body: unknown) => call(app, "/api/profile", { method: "PATCH", bearer: who.token, body }),
        password: (body: unknown) => call(app, "/api/profile/password", { method: "POST", bearer: who.token, body, ip: freshIp() }),
      });

      it("reads and changes one's name, time zone and signature", async () => {
        const user = await signUpAs(app, { role: "Creative Director", displayName: "Ada" });
        expect((await as(user).get("/api/profile")).body).toEqual({
          id: user.accountId,
          email: user.email,
          displayName: "Ada",
          role: "Creative Director",
          timeZone: null,
          signature: "",
        });
        const changed = await as(user).patch({ displayName: "  Ada Lovelace ", timeZone: "Europe/Paris", signature: "Best,\r\nAda\n\n" });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect(changed.body).toMatchObject({ displayName: "Ada Lovelace", timeZone: "Europe/Paris", signature: "Best,\nAda" });
        expect(changed.body.position).toEqual(expect.any(String));
        expect(changed.body.version).toEqual(expect.any(Number));
        expect((await as(user).get("/api/auth/me")).body.user.displayName).toBe("Ada Lovelace");
        expect((await as(user).get("/api/profile")).body).toMatchObject({ timeZone: "Europe/Paris", signature: "Best,\nAda" });
        expect((await as(user).patch({ timeZone: null })).body.timeZone).toBeNull();

        const zone = await as(user).patch({ timeZone: "Mars/Olympus_Mons" });
        expect([zone.status, fieldsOf(zone)]).toEqual([400, ["timeZone"]]);
        const long = await as(user).patch({ signature: "x".repeat(1_001) });
        expect([long.status, fieldsOf(long)]).toEqual([400, ["signature"]]);
        expect((await as(user).get("/api/profile")).body.signature).toBe("Best,\nAda");
      });

      it("is served by a read-only process too, as GET /api/auth/me is", async () => {
        const user = await signUpAs(app, { role: "Project Manager", displayName: "Reader" });
        const readSide = await openReadSide(app.system);
        const reads = await serveTestApp(app.system, readSide, { commands: false, reads: true, ui: false });
        try {
          const res = await fetch(`${reads.url}/api/profile`, { headers: user.headers });
          expect(res.status).toBe(200);
          expect(await res.json()).toMatchObject({ id: user.accountId, displayName: "Reader" });
        } finally {
          await reads.close();
          await readSide.close();
        }
      });

      it("changes the password: this session stays, every other one ends", async () => {
        const user = await signUpAs(app, { role: "Partner", password: STRONG });
        const other = await sessionStore(app.system.db, () => app.system.now()).create(user.accountId);
        const changed = await as(user).password({ currentPassword: STRONG, newPassword: NEWER });
        expect(changed.status, JSON.stringify(changed.body)).toBe(204);
        expect((await me(user.token)).status).toBe(200);
        expect((await me(other.token)).status).toBe(401);
        expect((await signIn(user.email, STRONG)).status).toBe(401);
        expect((await signIn(user.email, NEWER)).status).toBe(200);
      });

      it("refuses a wrong current password (400 on currentPassword), counted as a failed sign-in", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        for (let i = 0; i < 3; i++) {
          const wrong = await as(user).password({ currentPassword: "not the password", newPassword: NEWER });
          expect([wrong.status, wrong.body.errors]).toEqual([400, [{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }]]);
        }
        // The fourth attempt waits like a fourth wrong sign-in, even with the right password.
        expect((await as(user).password({ currentPassword: STRONG, newPassword: NEWER })).status).toBe(429);
        expect((await signIn(user.email, STRONG)).status).toBe(429);
        advance(waitAfter(3, ACCOUNT_BACKOFF));
        const weak = await as(user).password({ currentPassword: STRONG, newPassword: "Summer2026!" });
        expect([weak.status, fieldsOf(weak)]).toEqual([400, ["newPassword"]]);
        expect((await me(user.token)).status).toBe(200);
        expect((await signIn(user.email, STRONG)).status).toBe(200);
      });
    });
  });
