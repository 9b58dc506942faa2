import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DEACTIVATED, EMAIL_INVITED, INVALID_CREDENTIALS } from "@crm/contracts/auth/auth";
import { INVITE_LIFETIME_MS, LAST_PARTNER, type TeamMember } from "@crm/contracts/user/user";
import { sessionStore } from "@crm/infra/auth/sessions";
import { mailOutboxFolder } from "@crm/infra/mail/outbox-mailer";
import { availableBackends } from "@crm/infra/testing/test-database";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import type { TestApp } from "../testing/test-app.ts";

// The account lifecycle (docs/product.md, "Team and accounts"): invitations by link, deactivation
// that ends every session at once, and an agency that always keeps an active Partner.

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;
const PASSWORD = "violet submarine orchestra lantern";

/** The invitation links mailed to an address, oldest first (the outbox's .eml files, quoted-printable undone). */
function mailedTokens(app: TestApp, to: string): string[] {
  const folder = mailOutboxFolder(app.system.config.DATA_DIR);
  const files = (() => {
    try {
      return readdirSync(folder).map((name) => path.join(folder, name));
    } catch {
      return [];
    }
  })();
  return files
    .map((file) => ({ file, at: statSync(file).mtimeMs, text: readFileSync(file, "utf8").replace(/=\r?\n/g, "") }))
    .filter((mail) => mail.text.includes(`To: ${to}`))
    .sort((a, b) => a.at - b.at)
    .flatMap((mail) => [...new Set([...mail.text.matchAll(/\/invite#([a-z2-7]{32})/g)].map((m) => m[1]!))]);
}

const lastToken = (app: TestApp, to: string) => mailedTokens(app, to).at(-1)!;

let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@team.example`;
const freshIp = () => `10.77.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`team and accounts on ${backend}`, () => {
    describe("invitations and deactivation", () => {
      const fixture = appWithPartner(backend, { PUBLIC_URL: "https://crm.example" }, { partnerName: "Paula Partner" });
      const asPartner = (p: string, method = "GET", body?: unknown) =>
        call(fixture.app, p, { method, bearer: fixture.partner.token, ...(body !== undefined ? { body } : {}) });
      const invite = async (email: string, role = "Project Manager", displayName = "Ines Invited") => {
        const answer = await asPartner("/api/users/invites", "POST", { email, displayName, role });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body as { id: string; status: string };
      };
      const accept = (token: string, password = PASSWORD, displayName?: string) =>
        call(fixture.app, "/api/auth/invites/accept", {
          method: "POST",
          ip: freshIp(),
          body: { token, password, ...(displayName ? { displayName } : {}) },
        });
      const signIn = (email: string, password = PASSWORD) =>
        call(fixture.app, "/api/auth/sign-in", { method: "POST", ip: freshIp(), body: { email, password } });
      const team = async () => (await asPartner("/api/users/team")).body as TeamMember[];

      it("invites by mail; the link shows the invitation, and accepting it signs the colleague in with the invited role", async () => {
        const email = freshEmail("ines");
        const invited = await invite(email, "Creative Director");
        expect(invited).toMatchObject({ status: "invited", approved: false, role: "Creative Director", email });
        const token = lastToken(fixture.app, email);
        expect(token).toMatch(/^[a-z2-7]{32}$/);
        expect(mailedTokens(fixture.app, email)).toHaveLength(1);
        const folder = mailOutboxFolder(fixture.app.system.config.DATA_DIR);
        const mails = readdirSync(folder).map((name) => readFileSync(path.join(folder, name), "utf8").replace(/=\r?\n/g, ""));
        expect(mails.some((text) => text.includes(`https://crm.example/invite#${token}`))).toBe(true);

        const details = await call(fixture.app, `/api/auth/invites/${token}`);
        expect(details.status).toBe(200);
        expect(details.body).toEqual({
          email,
          displayName: "Ines Invited",
          role: "Creative Director",
          invitedBy: "Paula Partner",
          agencyName: "Agency CRM",
          expiresAt: expect.any(String),
        });
        expect(details.headers.get("cache-control")).toBe("no-store");

        const accepted = await accept(token, PASSWORD, "Ines I.");
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
        expect(accepted.body).toMatchObject({
          accountId: invited.id,
          email,
          user: { id: invited.id, role: "Creative Director", status: "active", displayName: "Ines I." },
        });
        expect(accepted.sessionCookie).toMatch(/^[a-z2-7]{32}$/);
        const me = await call(fixture.app, "/api/auth/me", { cookie: accepted.sessionCookie! });
        expect(me.body.user).toMatchObject({ role: "Creative Director", approved: true });
        expect((await call(fixture.app, "/api/creative/clients", { cookie: accepted.sessionCookie! })).status).toBe(200);
        expect((await signIn(email)).status).toBe(200);
      });

      it("refuses a sign-up for an invited address, whose invitation makes the account", async () => {
        const email = freshEmail("early");
        await invite(email);
        const signUp = await call(fixture.app, "/api/auth/sign-up", { method: "POST", ip: freshIp(), body: { email, password: PASSWORD } });
        expect(signUp.status).toBe(409);
        expect(signUp.body.detail).toBe(EMAIL_INVITED);
        expect((await accept(lastToken(fixture.app, email))).status).toBe(201);
      });

      it("spends the link once, and never stores it", async () => {
        const email = freshEmail("once");
        await invite(email);
        const token = lastToken(fixture.app, email);
        expect(await tablesContaining(fixture.app.system.db, token)).toEqual([]);
        expect((await accept(token)).status).toBe(201);
        const again = await accept(token, "another fine passphrase for me");
        expect(again.status).toBe(404);
        expect(again.headers.get("content-type")).toMatch(/problem\+json/);
        expect((await call(fixture.app, `/api/auth/invites/${token}`)).status).toBe(404);
        expect((await signIn(email, "another fine passphrase for me")).status).toBe(401);
        expect(await tablesContaining(fixture.app.system.db, token)).toEqual([]);
      });

      it("refuses an expired link, and a renewed one works while the old one is dead", async () => {
        const email = freshEmail("late");
        const invited = await invite(email);
        const first = lastToken(fixture.app, email);
        const { system } = fixture.app;
        const realNow = system.now;
        try {
          const later = Date.now() + INVITE_LIFETIME_MS + 60_000;
          system.now = () => new Date(later);
          expect((await call(fixture.app, `/api/auth/invites/${first}`)).status).toBe(404);
          expect((await accept(first)).status).toBe(404);
          const renewed = await asPartner(`/api/users/${invited.id}/invite/renew`, "POST");
          expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
          const second = lastToken(fixture.app, email);
          expect(second).not.toBe(first);
          expect((await call(fixture.app, `/api/auth/invites/${second}`)).body.expiresAt).toBe(
            new Date(later + INVITE_LIFETIME_MS).toISOString(),
          );
          system.now = realNow;
          expect((await accept(first)).status).toBe(404); // renewing retired it, even before its expiry
          expect((await accept(second)).status).toBe(201);
        } finally {
          system.now = realNow;
        }
      });

      it("withdraws an invitation: its link is dead and it leaves the team list", async () => {
        const email = freshEmail("withdrawn");
        const invited = await invite(email);
        const token = lastToken(fixture.app, email);
        expect((await asPartner(`/api/users/${invited.id}/invite`, "DELETE")).status).toBe(204);
        expect((await call(fixture.app, `/api/auth/invites/${token}`)).status).toBe(404);
        expect((await accept(token)).status).toBe(404);
        await expect.poll(async () => (await team()).some((m) => m.id === invited.id)).toBe(false);
        // The address is free again.
        await invite(email);
      });

      it("refuses a second invitation of an address with an account or an open invitation, naming the email field", async () => {
        const email = freshEmail("twice");
        await invite(email);
        const again = await asPartner("/api/users/invites", "POST", { email, displayName: "Twice", role: "Project Manager" });
        expect(again.status).toBe(409);
        expect(again.body.errors).toEqual([{ field: "email", message: expect.stringMatching(/already been invited/) }]);
        const member = await asPartner("/api/users/invites", "POST", { email: fixture.partner.email, displayName: "P", role: "Partner" });
        expect(member.status).toBe(409);
        expect(member.body.errors[0].field).toBe("email");
        const bad = await asPartner("/api/users/invites", "POST", { email: "not-an-address", displayName: "", role: "Boss" });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["displayName", "email", "role"]);
      });

      it("deactivation ends a live session at once and refuses sign-in; reactivation lets them in again", async () => {
        const manager = await signUpAs(fixture.app, { role: "Project Manager", password: PASSWORD });
        const signedIn = await signIn(manager.email);
        expect(signedIn.status).toBe(200);
        const session = signedIn.sessionCookie!;
        expect((await call(fixture.app, "/api/leads", { bearer: session })).status).toBe(200);

        const off = await asPartner(`/api/users/${manager.accountId}/deactivate`, "POST");
        expect(off.status, JSON.stringify(off.body)).toBe(200);
        expect(off.body).toMatchObject({ status: "deactivated", approved: true });
        expect((await call(fixture.app, "/api/leads", { bearer: session })).status).toBe(401);
        expect((await call(fixture.app, "/api/leads", { bearer: manager.token })).status).toBe(401);

        // A session that outlived the deactivation (made behind its back): deleted on its first use.
        const { token: stale } = await sessionStore(fixture.app.system.db, () => new Date()).create(manager.accountId);
        const refused = await call(fixture.app, "/api/auth/me", { bearer: stale });
        expect(refused.status).toBe(401);
        expect(refused.body.detail).toBe(ACCOUNT_DEACTIVATED);
        expect((await fixture.app.system.db.query("SELECT 1 FROM sessions WHERE account_id = $1", [manager.accountId])).rows).toEqual([]);
        // A public route still answers it, as signed out, and ends that session too.
        const { token: another } = await sessionStore(fixture.app.system.db, () => new Date()).create(manager.accountId);
        expect((await call(fixture.app, "/api/auth/oidc/config", { bearer: another })).status).toBe(200);
        expect((await fixture.app.system.db.query("SELECT 1 FROM sessions WHERE account_id = $1", [manager.accountId])).rows).toEqual([]);

        const wrong = await signIn(manager.email, "not the password at all");
        expect(wrong.status).toBe(401);
        expect(wrong.body.detail).toBe(INVALID_CREDENTIALS);
        const right = await signIn(manager.email);
        expect(right.status).toBe(403);
        expect(right.body.detail).toBe(ACCOUNT_DEACTIVATED);
        expect(right.sessionCookie).toBeUndefined();

        expect((await asPartner(`/api/users/${manager.accountId}/reactivate`, "POST")).body).toMatchObject({ status: "active" });
        const back = await signIn(manager.email);
        expect(back.status).toBe(200);
        expect((await call(fixture.app, "/api/leads", { bearer: back.sessionCookie! })).status).toBe(200);
      });

      it("lists every member with their status, last sign-in and open invitation's expiry", async () => {
        const invitedEmail = freshEmail("listed");
        const invited = await invite(invitedEmail);
        const pending = await signUpAs(fixture.app, { role: "Creative Director", approved: false });
        const active = await signUpAs(fixture.app, { role: "Project Manager", password: PASSWORD });
        const gone = await signUpAs(fixture.app, { role: "Creative Director" });
        expect((await asPartner(`/api/users/${gone.accountId}/deactivate`, "POST")).status).toBe(200);
        expect((await signIn(active.email)).status).toBe(200);

        await expect
          .poll(async () => {
            const byId = new Map((await team()).map((m) => [m.id, m]));
            return [invited.id, pending.accountId, active.accountId, gone.accountId].map((id) => byId.get(id)?.status);
          })
          .toEqual(["invited", "pending", "active", "deactivated"]);
        const answer = await asPartner("/api/users/team");
        expect(answer.headers.get("cache-control")).toBe("no-store");
        const byId = new Map((answer.body as TeamMember[]).map((m) => [m.id, m]));
        expect(byId.get(invited.id)).toMatchObject({ lastSignInAt: null, inviteExpiresAt: expect.any(String), approved: false });
        expect(byId.get(active.accountId)!.lastSignInAt).toEqual(expect.any(String));
        expect(byId.get(active.accountId)!.inviteExpiresAt).toBeNull();
        expect(byId.get(pending.accountId)!.lastSignInAt).toBeNull();
        // The approved lists hold only the active.
        const approvedIds = ((await asPartner("/api/users")).body as { id: string }[]).map((u) => u.id);
        expect(approvedIds).toContain(active.accountId);
        expect(approvedIds).not.toContain(gone.accountId);
        expect(approvedIds).not.toContain(invited.id);
        const pendingIds = ((await asPartner("/api/users/pending")).body as { id: string }[]).map((u) => u.id);
        expect(pendingIds).toContain(pending.accountId);
        expect(pendingIds).not.toContain(invited.id);
        const directors = ((await asPartner("/api/users/creative-directors")).body as { id: string }[]).map((u) => u.id);
        expect(directors).not.toContain(gone.accountId);
      });
    });

    describe("the last active Partner", () => {
      // Mail goes to an SMTP server that refuses connections: invitations are stored, their mail fails.
      const fixture = appWithPartner(backend, { SMTP_URL: "smtp://127.0.0.1:1" });
      const as = (token: string, p: string, body?: unknown) => call(fixture.app, p, { method: "POST", bearer: token, body });

      it("refuses to demote or deactivate the only Partner, themselves or not (409)", async () => {
        const { partner } = fixture;
        for (const [p, body] of [
          [`/api/users/${partner.accountId}/role`, { role: "Project Manager" }],
          [`/api/users/${partner.accountId}/deactivate`, undefined],
        ] as const) {
          const refused = await as(partner.token, p, body);
          expect(refused.status, p).toBe(409);
          expect(refused.body.detail).toBe(LAST_PARTNER);
        }
        // A deactivated Partner does not count.
        const other = await signUpAs(fixture.app, { role: "Partner" });
        expect((await as(partner.token, `/api/users/${other.accountId}/deactivate`)).status).toBe(200);
        expect((await as(partner.token, `/api/users/${partner.accountId}/role`, { role: "Project Manager" })).status).toBe(409);
        expect((await as(partner.token, `/api/users/${other.accountId}/reactivate`)).status).toBe(200);
      });

      it("lets a Partner demote themselves while another Partner remains", async () => {
        const first = await signUpAs(fixture.app, { role: "Partner" });
        const demoted = await as(first.token, `/api/users/${first.accountId}/role`, { role: "Creative Director" });
        expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
        expect(demoted.body).toMatchObject({ role: "Creative Director", status: "active" });
        expect((await call(fixture.app, "/api/users/team", { bearer: first.token })).status).toBe(403);
      });

      it("keeps an invitation whose mail failed, answering 502; sending again fails the same way", async () => {
        const email = freshEmail("unsent");
        const answer = await as(fixture.partner.token, "/api/users/invites", { email, displayName: "Una Unsent", role: "Project Manager" });
        expect(answer.status).toBe(502);
        expect(answer.body.detail).toMatch(/is saved, but its email could not be sent/);
        const token = fixture.partner.token;
        await expect
          .poll(
            async () =>
              ((await call(fixture.app, "/api/users/team", { bearer: token })).body as TeamMember[]).find((m) => m.email === email)?.status,
          )
          .toBe("invited");
        const member = ((await call(fixture.app, "/api/users/team", { bearer: token })).body as TeamMember[]).find(
          (m) => m.email === email,
        )!;
        expect((await as(token, `/api/users/${member.id}/invite/renew`)).status).toBe(502);
      });
      it("keeps one Partner when the last two step down at the same moment", async () => {
        // Leave exactly two active Partners, a and b, each of whom then leaves the Partners.
        const a = await signUpAs(fixture.app, { role: "Partner" });
        const b = await signUpAs(fixture.app, { role: "Partner" });
        const others = await fixture.app.system.db.query<{ id: string }>("SELECT id FROM users WHERE role = 'Partner'");
        for (const { id } of others.rows)
          if (id !== a.accountId && id !== b.accountId)
            expect((await as(a.token, `/api/users/${id}/role`, { role: "Project Manager" })).status).toBe(200);
        const answers = await Promise.all([
          as(a.token, `/api/users/${a.accountId}/role`, { role: "Project Manager" }),
          as(b.token, `/api/users/${b.accountId}/deactivate`),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(answers.find((r) => r.status === 409)!.body.detail).toBe(LAST_PARTNER);
        const users = await Promise.all(
          [a, b].map(
            async (p) =>
              (await call(fixture.app, "/api/auth/me", { bearer: p.token })).body.user as { role: string; status: string } | undefined,
          ),
        );
        expect(users.filter((u) => u?.role === "Partner" && u.status === "active")).toHaveLength(1);
      });
    });
  });
