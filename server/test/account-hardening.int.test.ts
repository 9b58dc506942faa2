import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_BACKOFF, waitAfter } from "@crm/infra/auth/sign-in-backoff";
import { startSmtpTestServer, type SmtpTestServer } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { createUserCommand } from "../src/cli-users.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;
const STRONG = "violet tractors hum beneath quartz";
const HOUR = 3_600_000;
let counter = 0;
/** A fresh client address per use, so counts of one test never reach another. */
const freshIp = () => `10.27.${Math.floor(++counter / 250)}.${counter % 250}`;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`account hardening on ${backend}`, () => {
    let app: TestApp;
    let smtp: SmtpTestServer;
    let realNow: () => Date;
    let offsetMs = 0;
    /** The app's clock: stopped, and moved by the tests instead of sleeping. */
    const advance = (ms: number) => {
      offsetMs += ms;
    };

    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      app = await startTestApp(backend, {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Studio Nine <crm@studio.test>",
        PUBLIC_URL: "https://crm.studio.test",
      });
      realNow = app.system.now;
      const start = realNow().getTime();
      app.system.now = () => new Date(start + offsetMs);
    });
    afterEach(() => {
      advance(2 * 24 * HOUR); // every run of failures and every wait of one test is over for the next
    });
    afterAll(async () => {
      app.system.now = realNow;
      await app.close();
      await smtp.close();
    });

    const signIn = (email: string, password: string, ip: string) =>
      call(app, "/api/auth/sign-in", { method: "POST", body: { email, password }, ip });
    const failuresOf = async (key: string) =>
      (await app.system.db.query<{ failures: number }>(`SELECT failures FROM sign_in_failures WHERE key = $1`, [key])).rows[0]?.failures ??
      0;
    /** n more wrong passwords, each after the wait the backoff asks for, all answered 401. */
    async function failTimes(email: string, n: number, ips: () => string, from = 0) {
      for (let i = from; i < from + n; i++) {
        advance(waitAfter(i, ACCOUNT_BACKOFF));
        expect((await signIn(email, "not the password", ips())).status, `failure ${i + 1}`).toBe(401);
      }
    }

    describe("new passwords", () => {
      it("refuses guessable passwords at sign-up with the scorer's advice on the password field", async () => {
        for (const password of ["password1", "Summer2026!"]) {
          const res = await call(app, "/api/auth/sign-up", {
            method: "POST",
            body: { email: `weak-${++counter}@example.com`, password },
            ip: freshIp(),
          });
          expect(res.status, password).toBe(400);
          expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
          expect(res.body.errors).toEqual([
            { field: "password", message: expect.stringMatching(/^This password is too easy to guess\. .+/) },
          ]);
        }
        const common = await call(app, "/api/auth/sign-up", {
          method: "POST",
          body: { email: "common@example.com", password: "password1" },
          ip: freshIp(),
        });
        expect(common.body.errors[0].message).toContain("This is a commonly used password.");
        const strong = await call(app, "/api/auth/sign-up", {
          method: "POST",
          body: { email: "strong@example.com", password: STRONG },
          ip: freshIp(),
        });
        expect(strong.status).toBe(201);
      });

      it("scores a password made of the person's own email low", async () => {
        const email = "marguerite.delacroix@example.com";
        const res = await call(app, "/api/auth/sign-up", {
          method: "POST",
          body: { email, password: "marguerite.delacroix" },
          ip: freshIp(),
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: "password", message: expect.stringContaining("personal") }]);
      });

      it("refuses a guessable password from the command line too", async () => {
        await expect(
          createUserCommand(app.system, [
            "--email",
            "cli-weak@example.com",
            "--password",
            "Summer2026!",
            "--name",
            "Cli",
            "--role",
            "Partner",
          ]),
        ).rejects.toThrow(/too easy to guess/);
        expect((await app.system.db.query(`SELECT 1 FROM accounts WHERE email = 'cli-weak@example.com'`)).rows).toHaveLength(0);
      });
    });

    describe("sign-in backoff", () => {
      it("lets 3 failures pass, then makes each attempt wait 1 s, 2 s, 4 s … with 429 and Retry-After, unchecked", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        const ip = freshIp();
        for (let i = 0; i < 3; i++) expect((await signIn(user.email, "not the password", ip)).status).toBe(401);
        const refused = await signIn(user.email, STRONG, ip); // even the right password is not checked
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("1");
        expect(refused.headers.get("content-type")).toMatch(/application\/problem\+json/);
        expect(refused.body.detail).toBe("Too many failed sign-ins. Try again in 1 second.");
        expect(await failuresOf(`email:${user.email}`)).toBe(3); // a refused attempt is not counted

        advance(1000);
        expect((await signIn(user.email, "not the password", ip)).status).toBe(401);
        expect((await signIn(user.email, "not the password", ip)).headers.get("retry-after")).toBe("2");
        advance(2000);
        expect((await signIn(user.email, "not the password", ip)).status).toBe(401);
        expect((await signIn(user.email, "not the password", ip)).headers.get("retry-after")).toBe("4");
        expect(await failuresOf(`email:${user.email}`)).toBe(5);
      });

      it("lets no more concurrent guesses through than the backoff allows: each counts before it is checked", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        const answers = await Promise.all(Array.from({ length: 8 }, () => signIn(user.email, "not the password", freshIp())));
        expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
        expect(await failuresOf(`email:${user.email}`)).toBe(3);
      });

      it("caps the wait at 15 minutes", () => {
        expect([3, 4, 5, 6].map((n) => waitAfter(n, ACCOUNT_BACKOFF))).toEqual([1000, 2000, 4000, 8000]);
        expect(waitAfter(13, ACCOUNT_BACKOFF)).toBe(900_000);
        expect(waitAfter(5000, ACCOUNT_BACKOFF)).toBe(900_000);
      });

      it("resets the account's count at a successful sign-in", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        await failTimes(user.email, 5, freshIp);
        expect(await failuresOf(`email:${user.email}`)).toBe(5);
        advance(waitAfter(5, ACCOUNT_BACKOFF));
        expect((await signIn(user.email, STRONG, freshIp())).status).toBe(200);
        expect(await failuresOf(`email:${user.email}`)).toBe(0);
        for (let i = 0; i < 3; i++) expect((await signIn(user.email, "not the password", freshIp())).status).toBe(401);
        expect((await signIn(user.email, "not the password", freshIp())).status).toBe(429);
      });

      it("answers an unknown email exactly as a known one, and backs it off per email too", async () => {
        const known = await signUpAs(app, { role: "Project Manager", password: STRONG });
        const unknown = `nobody-${++counter}@example.com`;
        const answers = async (email: string) => {
          const seen: unknown[] = [];
          for (let i = 0; i < 5; i++) {
            const res = await signIn(email, "not the password", freshIp());
            seen.push([res.status, res.headers.get("retry-after"), res.body]);
          }
          return seen;
        };
        const knownAnswers = await answers(known.email);
        const unknownAnswers = await answers(unknown);
        expect(unknownAnswers).toEqual(knownAnswers);
        expect(knownAnswers.map((a) => (a as unknown[])[0])).toEqual([401, 401, 401, 429, 429]);
        expect(await failuresOf(`email:${unknown}`)).toBe(3);
      });

      it("backs off one address guessing across many accounts after 20 failures", async () => {
        const ip = freshIp();
        for (let i = 0; i < 20; i++) {
          if (i % 9 === 0) advance(61_000); // past the 10-a-minute limit of each process
          expect((await signIn(`spray-${counter}-${i}@example.com`, "not the password", ip)).status, `guess ${i + 1}`).toBe(401);
        }
        expect(await failuresOf(`ip:${ip}`)).toBe(20);
        const refused = await signIn(`spray-${counter}-20@example.com`, "not the password", ip);
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("1");
        expect((await signIn(`spray-${counter}-20@example.com`, "not the password", freshIp())).status).toBe(401); // another address
      });

      it("keeps the counts in the database, where every process of the command service reads them", async () => {
        const user = await signUpAs(app, { role: "Project Manager", password: STRONG });
        await failTimes(user.email, 3, freshIp);
        // What another process would find: the row, not this process's memory.
        const { rows } = await app.system.db.query<{ failures: number; addresses: string[] }>(
          `SELECT failures, addresses FROM sign_in_failures WHERE key = $1`,
          [`email:${user.email}`],
        );
        expect(rows).toEqual([{ failures: 3, addresses: [expect.any(String), expect.any(String), expect.any(String)] }]);
      });
    });

    describe("the owner's mail", () => {
      it("tells the owner once per run of 10 failures, with the count, the addresses and what to do; never for an unknown email", async () => {
        const owner = await signUpAs(app, { role: "Creative Director", password: STRONG });
        const before = smtp.received.length;
        const addresses = ["203.0.113.7", "198.51.100.23"];
        let turn = 0;
        const alternate = () => addresses[turn++ % 2]!;

        await failTimes(owner.email, 10, alternate);
        const [mail] = (await smtp.waitFor(before + 1)).slice(before);
        const tenthAt = app.system.now().toISOString();
        expect(mail!.to).toMatchObject({ text: owner.email });
        expect(mail!.from).toMatchObject({ text: expect.stringContaining("Studio Nine") });
        expect(mail!.subject).toBe("10 failed sign-ins to your Studio Nine account");
        expect(mail!.text).toContain("with a wrong password 10 times in a row");
        expect(mail!.text).toContain("- 203.0.113.7\n- 198.51.100.23");
        expect(mail!.text).toContain("If it was not you: make sure your password is long and used nowhere else.");
        expect(mail!.text).toContain("Sign in: https://crm.studio.test/login");
        expect(mail!.html).toContain("<li>198.51.100.23</li>");
        expect(mail!.html).toContain("Studio Nine");

        await failTimes(owner.email, 2, alternate, 10); // the 11th and 12th: the same run
        const row = await app.system.db.query<{ failures: number; notified_at: string }>(
          `SELECT failures, notified_at FROM sign_in_failures WHERE key = $1`,
          [`email:${owner.email}`],
        );
        expect(row.rows[0]).toEqual({ failures: 12, notified_at: tenthAt }); // claimed at the 10th, not again

        const stranger = `nobody-${++counter}@example.com`;
        await failTimes(stranger, 10, freshIp); // no account: nobody to tell

        advance(waitAfter(12, ACCOUNT_BACKOFF));
        expect((await signIn(owner.email, STRONG, freshIp())).status).toBe(200); // the run ends
        await failTimes(owner.email, 10, freshIp); // a new run: a new mail
        const all = (await smtp.waitFor(before + 2)).slice(before);
        expect(all.map((m) => m.to && !Array.isArray(m.to) && m.to.text)).toEqual([owner.email, owner.email]);
        expect(smtp.received.slice(before).filter((m) => m.subject?.includes("failed sign-ins"))).toHaveLength(2);
      });
    });

    describe("re-applying after a rejection", () => {
      /** A GET with X-Min-Position, asked again while the answer says it is stale. */
      async function readFresh(path: string, bearer: string, position: string) {
        for (let attempt = 1; ; attempt++) {
          const res = await call(app, path, { bearer, headers: { "X-Min-Position": position } });
          if (res.headers.get("x-stale") !== "true" || attempt === 10) return res;
        }
      }

      it("refuses a re-application within 24 hours, accepts it after, and shows the Partner it is one", async () => {
        const partner = await signUpAs(app, { role: "Partner" });
        const applicant = await signUpAs(app, { role: "Creative Director", approved: false });
        const register = () =>
          call(app, "/api/auth/register", {
            method: "POST",
            bearer: applicant.token,
            body: { displayName: "Cleo", role: "Creative Director" },
          });

        const rejectedAt = app.system.now().toISOString();
        expect((await call(app, `/api/users/${applicant.accountId}/reject`, { method: "DELETE", bearer: partner.token })).status).toBe(204);

        advance(HOUR);
        const early = await register();
        expect(early.status).toBe(429);
        expect(early.headers.get("content-type")).toMatch(/application\/problem\+json/);
        expect(Number(early.headers.get("retry-after"))).toBe(23 * 3600);
        const askAgainFrom = new Date(Date.parse(rejectedAt) + 24 * HOUR).toISOString().slice(0, 16).replace("T", " ");
        expect(early.body.detail).toContain(`You may ask again from ${askAgainFrom} UTC.`);

        advance(24 * HOUR);
        const again = await register();
        expect(again.status).toBe(201);
        expect(again.body).toMatchObject({ approved: false, displayName: "Cleo" });
        const pending = await readFresh("/api/users/pending", partner.token, again.body.position);
        expect(pending.body.find((u: { id: string }) => u.id === applicant.accountId)).toMatchObject({ previousRejectionAt: rejectedAt });

        const firstTimer = await signUpAs(app, { role: "Project Manager", approved: false });
        const list = await readFresh("/api/users/pending", partner.token, await app.system.store.currentPosition());
        expect(list.body.find((u: { id: string }) => u.id === firstTimer.accountId)).toMatchObject({ previousRejectionAt: null });
      });
    });
  });
