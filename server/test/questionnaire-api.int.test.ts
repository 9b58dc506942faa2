import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EXPIRED_LINK_MESSAGE } from "@crm/contracts/client-link/client-link";
import { clientLinkStreamId } from "@crm/contracts/client-link/stream";
import { questionnaireStreamId } from "@crm/contracts/questionnaire/stream";
import { clientLinkTokenHash } from "@crm/infra/client-links/client-link-tokens";
import { availableBackends } from "@crm/infra/testing/test-database";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { call } from "../testing/http-client.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import { freshIp, staffClient, submitPublic } from "./questionnaire-helpers.ts";

const backends = await availableBackends();
const suites = ["postgres", "pglite"] as const;

/** A token of the right shape that no link has. */
const strangerToken = () => randomBytes(32).toString("base64url");

for (const backend of suites) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`public questionnaire on ${backend}`, () => {
    let staff: ReturnType<typeof staffClient>;
    const fx = appWithPartner(backend, {}, { seed: async ({ app, partner }) => void (staff = staffClient(app, partner)) });

    /** Every refusal of a dead link is the same 410 with the expired message, and appends nothing. */
    async function expectExpired(body: Record<string, unknown>, leadId?: string) {
      const sent = await submitPublic(fx.app, { goals: "hello", ...body });
      expect(sent.status).toBe(410);
      expect(sent.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(sent.body.error).toBe(EXPIRED_LINK_MESSAGE);
      expect(sent.body.detail).toBe(EXPIRED_LINK_MESSAGE);
      if (leadId) expect(await fx.app.system.store.readStream(questionnaireStreamId(leadId))).toEqual([]);
      return sent.body;
    }

    it("takes answers through a link's token without a session and records them with the actor public", async () => {
      const leadId = await staff.lead();
      const token = await staff.link(leadId);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const sent = await submitPublic(fx.app, {
        token,
        instagramFollowers: 1200,
        tiktokFollowers: "35",
        brandWords: "  bold \n warm local ",
        goals: "More bookings",
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ version: 1 });
      const [event] = await fx.app.system.store.readStream(questionnaireStreamId(leadId));
      expect(event?.type).toBe("QuestionnaireSubmitted");
      expect(event?.metadata.actor).toBe("public");

      staff.saw(sent);
      const read = await staff.get(`/api/questionnaire/${leadId}`);
      expect(read.status).toBe(200);
      expect(read.headers.get("x-stale")).toBeNull();
      expect(read.body).toMatchObject({ leadId, version: 1, versions: 1 });
      expect(read.body).toMatchObject({
        instagramFollowers: 1200,
        tiktokFollowers: 35,
        brandWords: "bold warm local",
        goals: "More bookings",
        companyOverview: null,
      });

      const timeline = await staff.get(`/api/activities?leadId=${leadId}`);
      const titles = timeline.body.map((a: { title: string }) => a.title);
      expect(titles).toContain("Onboarding questionnaire submitted");
      expect(titles).toContain("Client questionnaire link created");
    });

    it("tells the page a link works without saying anything about the client, and 410 when it does not", async () => {
      const leadId = await staff.lead();
      const token = await staff.link(leadId);
      const checked = await call(fx.app, `/api/questionnaire-links/${token}`, { ip: freshIp() });
      expect(checked.status).toBe(200);
      expect(checked.body).toEqual({ purpose: "questionnaire", expiresAt: null });
      const dead = await call(fx.app, `/api/questionnaire-links/${strangerToken()}`, { ip: freshIp() });
      expect(dead.status).toBe(410);
      expect(dead.body.detail).toBe(EXPIRED_LINK_MESSAGE);
      const byLeadId = await call(fx.app, `/api/questionnaire-links/${leadId}`, { ip: freshIp() });
      expect(byLeadId.status).toBe(410);
    });

    it("keeps a second submission as a new version; staff see the latest and can open the earlier one", async () => {
      const leadId = await staff.lead();
      const token = await staff.link(leadId);
      expect((await submitPublic(fx.app, { token, goals: "First answer" })).status).toBe(201);
      const second = await submitPublic(fx.app, { token, goals: "Second answer" });
      expect(second.body).toMatchObject({ version: 2 });
      staff.saw(second);

      expect((await staff.get(`/api/questionnaire/${leadId}`)).body).toMatchObject({ version: 2, versions: 2, goals: "Second answer" });
      expect((await staff.get(`/api/questionnaire/${leadId}?version=1`)).body).toMatchObject({
        version: 1,
        versions: 2,
        goals: "First answer",
      });
      const versions = await staff.get(`/api/questionnaire/${leadId}/versions`);
      expect(versions.body.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect((await staff.get(`/api/questionnaire/${leadId}?version=3`)).status).toBe(404);
    });

    it("answers 404 to staff when a lead has no answers, and 401 to anonymous readers and link makers", async () => {
      const leadId = await staff.lead();
      expect((await staff.get(`/api/questionnaire/${leadId}`)).status).toBe(404);
      expect((await call(fx.app, `/api/questionnaire/${leadId}`)).status).toBe(401);
      expect((await call(fx.app, `/api/leads/${leadId}/client-link`, { method: "POST", body: {} })).status).toBe(401);
      expect((await call(fx.app, `/api/leads/${leadId}/client-link`)).status).toBe(401);
    });

    it("refuses bad answers with 400 naming each field, and an error field for the page", async () => {
      const token = await staff.link(await staff.lead());
      const sent = await submitPublic(fx.app, {
        token,
        instagramFollowers: -5,
        tiktokFollowers: 1.5,
        youtubeSubscribers: "lots",
        companyOverview: "x".repeat(3001),
        favouriteColour: "blue",
      });
      expect(sent.status).toBe(400);
      expect(sent.headers.get("content-type")).toMatch(/application\/problem\+json/);
      const fields = sent.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(
        expect.arrayContaining(["instagramFollowers", "tiktokFollowers", "youtubeSubscribers", "companyOverview", "favouriteColour"]),
      );
      expect(sent.body.error).toMatch(/Instagram followers must be a whole number/);
      expect((await submitPublic(fx.app, { goals: "no link" })).body.errors[0].field).toBe("token");
      expect((await submitPublic(fx.app, { token: 42 })).status).toBe(400);
    });

    it("refuses a post by lead id, as the links sent before tokens did, with the expired message", async () => {
      const leadId = await staff.lead();
      await staff.link(leadId); // even with a live link, the lead id opens nothing
      await expectExpired({ leadId }, leadId);
    });

    it("refuses an unknown, a revoked and a replaced token, and a link of an archived lead, all alike", async () => {
      const unknown = await expectExpired({ token: strangerToken() });
      expect(await expectExpired({ token: "not a token" })).toEqual(unknown);

      const revokedLead = await staff.lead();
      const revoked = await staff.link(revokedLead);
      const revocation = await staff.delete(`/api/leads/${revokedLead}/client-link`);
      expect(revocation.status).toBe(200);
      expect(revocation.body.revoked).toEqual(expect.any(String));
      expect(await expectExpired({ token: revoked }, revokedLead)).toEqual(unknown);
      expect((await staff.delete(`/api/leads/${revokedLead}/client-link`)).body.revoked).toBeNull();

      const replacedLead = await staff.lead();
      const replaced = await staff.link(replacedLead);
      const current = await staff.link(replacedLead);
      expect(await expectExpired({ token: replaced }, replacedLead)).toEqual(unknown);
      expect((await submitPublic(fx.app, { token: current, goals: "the new link works" })).status).toBe(201);

      const archivedLead = await staff.lead();
      const archived = await staff.link(archivedLead);
      expect((await staff.delete(`/api/leads/${archivedLead}`)).status).toBe(200);
      expect(await expectExpired({ token: archived }, archivedLead)).toEqual(unknown);
      expect((await staff.get(`/api/leads/${archivedLead}/client-link`)).body).toEqual({ questionnaire: null });
      expect((await staff.post(`/api/leads/${archivedLead}/client-link`, {})).status).toBe(404);
    });

    it("refuses the link of an erased lead", async () => {
      const leadId = await staff.lead();
      const token = await staff.link(leadId);
      expect((await staff.post(`/api/leads/${leadId}/erase`, { confirmation: "ERASE" })).status).toBe(200);
      await expectExpired({ token }, leadId);
      expect((await call(fx.app, `/api/questionnaire-links/${token}`, { ip: freshIp() })).status).toBe(410);
    });

    it("shows staff the live link without its token, and nothing once revoked", async () => {
      const leadId = await staff.lead();
      expect((await staff.get(`/api/leads/${leadId}/client-link`)).body).toEqual({ questionnaire: null });
      const created = await staff.post(`/api/leads/${leadId}/client-link`, {});
      const status = await staff.get(`/api/leads/${leadId}/client-link`);
      expect(status.body.questionnaire).toMatchObject({
        id: created.body.id,
        issuedBy: fx.partner.accountId,
        expiresAt: null,
        floodedAt: null,
      });
      expect(JSON.stringify(status.body)).not.toContain(created.body.url.split("/").at(-1));
      await staff.delete(`/api/leads/${leadId}/client-link`);
      expect((await staff.get(`/api/leads/${leadId}/client-link`)).body).toEqual({ questionnaire: null });
    });

    it("keeps only the token's hash: the raw token is in no table", async () => {
      const leadId = await staff.lead();
      const created = await staff.post(`/api/leads/${leadId}/client-link`, {});
      const token = (created.body.url as string).split("/").at(-1)!;
      staff.saw(created);
      await staff.get(`/api/activities?leadId=${leadId}`); // the read models have seen the link's events
      const { rows } = await fx.app.system.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM events WHERE event_type = 'ClientLinkIssued' AND data::text ILIKE $1",
        [`%${clientLinkTokenHash(token)}%`],
      );
      expect(rows[0]!.n).toBe(1);
      expect(await tablesContaining(fx.app.system.db, token)).toEqual([]);
    });

    it("limits attempts per address, and per address on one link, with 429 and Retry-After", async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await submitPublic(fx.app, { token: strangerToken() }, ip)).status).toBe(410);
      const limited = await submitPublic(fx.app, { token: strangerToken() }, ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.body.error).toMatch(/Try again/);
      expect((await submitPublic(fx.app, { token: strangerToken() }, freshIp())).status).toBe(410);

      const token = await staff.link(await staff.lead());
      const sameAddress = freshIp();
      for (let i = 0; i < 10; i++) expect((await submitPublic(fx.app, { token, goals: `try ${i}` }, sameAddress)).status).toBe(201);
      expect((await submitPublic(fx.app, { token, goals: "one too many" }, sameAddress)).status).toBe(429);
      expect((await submitPublic(fx.app, { token, goals: "from another address" }, freshIp())).status).toBe(201);
    });

    it("a flood from 50 addresses with wrong tokens and the real one does not stop the client, and is flagged to staff once", async () => {
      const leadId = await staff.lead();
      const token = await staff.link(leadId);
      for (let i = 0; i < 50; i++) {
        const ip = freshIp();
        expect((await submitPublic(fx.app, { token: strangerToken(), goals: "spam" }, ip)).status).toBe(410);
        expect((await submitPublic(fx.app, { goals: "spam" }, ip)).status).toBe(400);
        expect((await submitPublic(fx.app, { token, goals: "spam" }, ip)).status).toBe(201);
      }
      const client = await submitPublic(fx.app, { token, goals: "The real answers" });
      expect(client.status).toBe(201);
      expect(client.body.version).toBe(51);

      const floods = (await fx.app.system.store.readStream(clientLinkStreamId(leadId))).filter((e) => e.type === "ClientLinkFlooded");
      expect(floods).toHaveLength(1);
      staff.saw(client);
      const status = await staff.get(`/api/leads/${leadId}/client-link`);
      expect(status.body.questionnaire.floodedAt).toEqual(expect.any(String));
      const timeline = await staff.get(`/api/activities?leadId=${leadId}`);
      expect(timeline.body.map((a: { title: string }) => a.title)).toContain("Many submissions through the client questionnaire link");
    });

    it("refuses a body over 64 KB with 413, and a non-JSON body with 415", async () => {
      const token = await staff.link(await staff.lead());
      const big = await submitPublic(fx.app, { token, additionalInfo: "x".repeat(70 * 1024) });
      expect(big.status).toBe(413);
      expect(big.body.error).toMatch(/64 KB/);
      const form = await call(fx.app, "/api/questionnaire", { method: "POST", ip: freshIp(), headers: { "content-type": "text/plain" } });
      expect(form.status).toBe(415);
    });
  });
}
