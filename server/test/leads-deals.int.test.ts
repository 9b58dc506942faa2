import { describe, expect, it } from "vitest";
import type { BoardColumn, Lead } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

const hasPostgres = await postgresAvailable();

/**
 * A column's totals recounted from its leads as the board answers them: each lead with its own
 * probability weighted and rounded alone, the leads that follow the stage's default weighted
 * together and rounded once (see boardJson in read-api/src/leads/leads.queries.ts).
 */
function recount(leads: readonly Lead[], stage: string, defaultPercent: number) {
  const inColumn = leads.filter((l) => l.stage === stage);
  const value = (l: Lead) => l.valueMinor ?? 0;
  const own = inColumn.filter((l) => l.probability !== null);
  const byDefault = inColumn.filter((l) => l.probability === null).reduce((sum, l) => sum + value(l), 0);
  const explicit = own.reduce((sum, l) => sum + Math.round((value(l) * l.probability!) / 100), 0);
  return {
    count: inColumn.length,
    valueMinor: inColumn.reduce((sum, l) => sum + value(l), 0),
    weightedMinor: explicit + Math.round((byDefault * defaultPercent) / 100),
  };
}

const totalsOf = (columns: readonly BoardColumn[]) =>
  columns.map(({ stage, count, valueMinor, weightedMinor }) => ({ stage, count, valueMinor, weightedMinor }));

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`deals on the leads read API, on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let partner: LeadClient;
    let manager: LeadClient;
    let managerId: string;
    const fx = appWithPartner(
      backend,
      {},
      {
        partnerName: "Pat Partner",
        seed: async ({ app, partner: signedIn }) => {
          partner = clientFor(app, signedIn);
          const signedInManager = await signUpAs(app, { role: "Project Manager", displayName: "Max Manager" });
          manager = clientFor(app, signedInManager);
          managerId = signedInManager.user!.id;
        },
      },
    );

    const board = async (query = "") => {
      const res = await partner.get(`/api/leads/board?limit=200${query}`);
      expect(res.status).toBe(200);
      return res.body.columns as BoardColumn[];
    };
    const names = async (client: LeadClient, path: string) => ((await client.get(path)).body as Lead[]).map((l) => l.name).sort();

    it("finds leads whatever their accents and case, on the board, the list, the lost and the archived", async () => {
      const word = uniqueWord();
      const gomez = await partner.createLead({ name: `José Gómez ${word}`, business: "Café Noël" });
      await partner.createLead({ name: `Plain ${word}` });
      for (const term of ["gomez", "GOMEZ", "Gómez", "GÓMEZ", "jose gomez"]) {
        expect(await names(partner, `/api/leads?search=${encodeURIComponent(`${term} ${word}`)}`), term).toEqual([`José Gómez ${word}`]);
      }
      for (const term of ["cafe noel", "CAFÉ", "noël"]) {
        const found = (await board(`&search=${encodeURIComponent(term)}`)).flatMap((c) => c.leads.map((l) => l.id));
        expect(found, term).toContain(gomez);
      }
      expect(await names(partner, `/api/leads?search=${word}`)).toEqual([`José Gómez ${word}`, `Plain ${word}`]);

      expect((await partner.post(`/api/leads/${gomez}/lose`, { reason: "Budget" })).status).toBe(200);
      expect(await names(partner, `/api/leads?search=${word}`)).toEqual([`Plain ${word}`]);
      expect(await names(manager, `/api/leads/lost?search=${encodeURIComponent(`GOMEZ ${word}`)}`)).toEqual([`José Gómez ${word}`]);
      expect(await names(partner, `/api/leads/lost?search=cafe%20noel`)).toContain(`José Gómez ${word}`);
      expect((await partner.post(`/api/leads/${gomez}/archive`, { reason: null })).status).toBe(200);
      expect(await names(partner, `/api/leads/lost?search=${word}`)).toEqual([]);
      expect(await names(manager, `/api/leads/archived?search=${encodeURIComponent(`gómez ${word}`)}`)).toEqual([`José Gómez ${word}`]);
      const bad = await partner.get(`/api/leads/lost?search=${"x".repeat(201)}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["search"]);
    });

    it("answers each column's value and weighted value, unfiltered as kept and filtered from the matching leads, both equal to a recount", async () => {
      const word = uniqueWord();
      const a = await partner.createLead({ name: `A ${word}` });
      const b = await partner.createLead({ name: `B ${word}` });
      const c = await manager.createLead({ name: `C ${word}` });
      const d = await manager.createLead({ name: `D ${word}` });
      expect((await partner.patch(`/api/leads/${a}`, { valueMinor: 10_005, probability: 35 })).status).toBe(200);
      await partner.patch(`/api/leads/${b}`, { valueMinor: 2_505 }); // the New Lead default (10%)
      await partner.patch(`/api/leads/${c}`, { valueMinor: 1_999 });
      await partner.patch(`/api/leads/${d}`, { valueMinor: 99, probability: 50 });
      await partner.post(`/api/leads/${c}/move`, { stage: "Proposal Sent" });
      await partner.post(`/api/leads/${d}/lose`, { reason: "Budget" });

      const mine = totalsOf(await board(`&search=${word}`));
      expect(mine[0]).toEqual({ stage: "New Lead", count: 2, valueMinor: 12_510, weightedMinor: 3_502 + 251 });
      expect(mine[3]).toEqual({ stage: "Proposal Sent", count: 1, valueMinor: 1_999, weightedMinor: 1_000 });
      expect(totalsOf(await board(`&search=${word}&owner=${managerId}`))[3]).toEqual(mine[3]);
      expect(totalsOf(await board(`&search=${word}&owner=${managerId}`))[0]).toMatchObject({ count: 0, valueMinor: 0, weightedMinor: 0 });
      const managersBoard = (await manager.get(`/api/leads/board?search=${word}&mine=true`)).body.columns as BoardColumn[];
      expect(totalsOf(managersBoard)[3]).toEqual(mine[3]);

      await partner.post(`/api/leads/${d}/reopen`);
      await partner.post(`/api/leads/${a}/archive`, { reason: null });
      const all = (await partner.get("/api/leads")).body as Lead[];
      const expected = LEAD_STAGES.map((stage) => ({ stage, ...recount(all, stage, DEFAULT_STAGE_PROBABILITIES[stage]) }));
      expect(totalsOf(await board())).toEqual(expected);
      expect(totalsOf(await board(`&search=${word}`))[0]).toEqual({
        stage: "New Lead",
        count: 2,
        valueMinor: 2_604,
        weightedMinor: 50 + 251,
      });

      await partner.post(`/api/leads/${a}/restore`);
      const restored = (await partner.get("/api/leads")).body as Lead[];
      expect(totalsOf(await board())).toEqual(
        LEAD_STAGES.map((stage) => ({ stage, ...recount(restored, stage, DEFAULT_STAGE_PROBABILITIES[stage]) })),
      );
    });

    it("weighs the leads that follow a stage's default with the agency's current settings", async () => {
      const word = uniqueWord();
      const id = await partner.createLead({ name: `Defaulted ${word}` });
      await partner.patch(`/api/leads/${id}`, { valueMinor: 1_000 });
      expect((await board(`&search=${word}`))[0]).toMatchObject({ valueMinor: 1_000, weightedMinor: 100 });
      const settings = await partner.get("/api/settings");
      const changed = await partner.patch(
        "/api/settings",
        { stageProbabilities: { "New Lead": 25 } },
        { "If-Match": settings.headers.get("etag")! },
      );
      expect(changed.status).toBe(200);
      // The boards are rendered again once the projector has passed the settings' event (it moves the leads stamp).
      await expect.poll(async () => (await board(`&search=${word}`))[0]).toMatchObject({ valueMinor: 1_000, weightedMinor: 250 });
      const unfiltered = (await board()).find((c) => c.stage === "New Lead")!;
      const all = (await partner.get("/api/leads")).body as Lead[];
      expect(unfiltered).toMatchObject(recount(all, "New Lead", 25));
    });

    it("answers a lost or archived lead with its status, to staff and to its own Creative Director only", async () => {
      const director = await signUpAs(fx.app, { role: "Creative Director", displayName: "Dee Director" });
      const other = await signUpAs(fx.app, { role: "Creative Director", displayName: "Oth Director" });
      await expect.poll(async () => (await partner.get("/api/users/creative-directors")).body.length).toBeGreaterThanOrEqual(2);
      const id = await partner.createLead({ name: `Closed ${uniqueWord()}` });
      await partner.patch(`/api/leads/${id}`, { creativeDirectorId: director.user!.id, valueMinor: 4_200 });
      await partner.post(`/api/leads/${id}/lose`, { reason: "Timing", note: "Next spring" });
      const lost = await partner.get(`/api/leads/${id}`);
      expect(lost.status).toBe(200);
      expect(lost.body).toMatchObject({
        id,
        status: "lost",
        lostReason: "Timing",
        lostNote: "Next spring",
        valueMinor: 4_200,
        assignedTo: fx.partner.user!.id,
      });
      expect(lost.body.closedAt).toEqual(expect.any(String));
      expect(((await partner.get("/api/leads/lost")).body as Lead[])[0]).toEqual(lost.body);

      const own = clientFor(fx.app, director);
      const notOwn = clientFor(fx.app, other);
      expect((await own.get(`/api/leads/${id}`)).body).toMatchObject({ status: "lost" });
      expect((await notOwn.get(`/api/leads/${id}`)).status).toBe(403);
      expect((await own.get("/api/leads/lost")).status).toBe(403);
      expect((await own.get("/api/leads/archived")).status).toBe(403);

      await partner.post(`/api/leads/${id}/archive`, { reason: null });
      expect((await partner.get(`/api/leads/${id}`)).body).toMatchObject({ status: "archived", lostReason: "Timing" });
      expect((await notOwn.get(`/api/leads/${id}`)).status).toBe(403);
      expect(((await partner.get("/api/leads/archived")).body as Lead[]).map((l) => l.id)).toContain(id);
      expect(((await partner.get("/api/leads")).body as Lead[]).map((l) => l.id)).not.toContain(id);
    });
  });
}
