import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PastBoard } from "@crm/contracts/reports/reports";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { reportHistory } from "./report-history.ts";

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

/** Each column's totals and cards, the empty columns left out: what a test compares. */
const shape = (board: PastBoard) =>
  board.columns
    .filter((c) => c.count > 0)
    .map(({ stage, count, valueMinor, weightedMinor, leads }) => ({
      stage,
      count,
      valueMinor,
      weightedMinor,
      leads: leads.map((l) => ("movedFrom" in l ? `${l.name} <- ${String(l.movedFrom)}` : l.name)),
    }));

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`the board on a past day on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let manager: SignedIn;
    let director: SignedIn;
    const history = reportHistory(() => app);

    /**
     * Three days of March 2026 in Berlin (UTC+1): Ada moves to Contacted at 00:30 on the 12th in
     * Berlin (still the 11th in UTC), Bea is lost and Cai archived on the 12th, Dee is created on
     * the 12th, Eve changes priority and owner on the 12th, Fay is lost on the 11th and reopened on the 12th.
     */
    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = await signUpAs(app, { role: "Partner" });
      manager = await signUpAs(app, { role: "Project Manager" });
      director = await signUpAs(app, { role: "Creative Director" });
      const p = partner.user!.id;
      const m = manager.user!.id;
      const settings = await history.send(partner, "PATCH", "/api/settings", {
        timeZone: "Europe/Berlin",
        stageProbabilities: { "Proposal Sent": 40 },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      const ada = await history.createLead("2026-03-10T09:00:00Z", p, { name: "Ada", business: "Ada Co" });
      await history.append(
        ada,
        "2026-03-10T10:00:00Z",
        { type: "LeadDealChanged", data: { leadId: ada, changes: { valueMinor: 10_000 } } },
        p,
      );
      await history.append(
        ada,
        "2026-03-11T23:30:00Z",
        { type: "LeadStageChanged", data: { leadId: ada, from: "New Lead", to: "Contacted", afterId: null, beforeId: null } },
        p,
      );

      const bea = await history.createLead("2026-03-10T09:10:00Z", p, {
        name: "Bea",
        business: "Bea Co",
        stage: "Proposal Sent",
        source: "Referral",
      });
      await history.append(
        bea,
        "2026-03-10T10:10:00Z",
        { type: "LeadDealChanged", data: { leadId: bea, changes: { valueMinor: 20_001, probability: 35 } } },
        p,
      );
      await history.append(
        bea,
        "2026-03-12T10:00:00Z",
        { type: "LeadLost", data: { leadId: bea, stage: "Proposal Sent", reason: "Budget", note: null } },
        p,
      );

      const cai = await history.createLead("2026-03-10T09:20:00Z", m, { name: "Cai", business: "Cai Co", priority: "high" });
      await history.append(
        cai,
        "2026-03-12T11:00:00Z",
        { type: "LeadArchived", data: { leadId: cai, name: "Cai", business: "Cai Co", reason: null } },
        p,
      );

      const dee = await history.createLead("2026-03-12T08:00:00Z", m, {
        name: "Dee",
        business: "Dee Co",
        stage: "Contacted",
        source: "Referral",
      });
      // 5 × 30 % = 1.5, rounded half up.
      await history.append(
        dee,
        "2026-03-12T08:05:00Z",
        { type: "LeadDealChanged", data: { leadId: dee, changes: { valueMinor: 5, probability: 30 } } },
        m,
      );

      const eve = await history.createLead("2026-03-10T09:30:00Z", m, {
        name: "Eve",
        business: "Eve Co",
        stage: "Proposal Sent",
        priority: "high",
      });
      await history.append(
        eve,
        "2026-03-10T09:31:00Z",
        { type: "LeadDealChanged", data: { leadId: eve, changes: { valueMinor: 1_000 } } },
        m,
      );
      await history.append(
        eve,
        "2026-03-12T09:00:00Z",
        { type: "LeadDetailsChanged", data: { leadId: eve, changes: { priority: "low" } } },
        m,
      );
      await history.append(eve, "2026-03-12T09:30:00Z", { type: "LeadOwnerChanged", data: { leadId: eve, from: m, to: p } }, m);

      const fay = await history.createLead("2026-03-11T10:00:00Z", p, { name: "Fay", business: "Fay Co" });
      await history.append(
        fay,
        "2026-03-11T12:00:00Z",
        { type: "LeadLost", data: { leadId: fay, stage: "New Lead", reason: "Timing", note: null } },
        p,
      );
      await history.append(fay, "2026-03-12T12:00:00Z", { type: "LeadReopened", data: { leadId: fay, stage: "New Lead" } }, p);
    });
    afterAll(() => app?.close());

    const board = async (query: string, who = partner) => {
      const res = await history.get(who, `/api/leads/board/past?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as PastBoard;
    };

    it("shows the board at the end of a day in the agency's zone, each column newest first, weighted by each lead's probability or the stage's default now", async () => {
      const day = await board("day=2026-03-11");
      expect(day).toMatchObject({ day: "2026-03-11", asOf: "2026-03-11T23:00:00.000Z", timeZone: "Europe/Berlin", since: null, left: [] });
      expect(day.columns.map((c) => c.stage)).toHaveLength(10);
      // Ada's move at 00:30 in Berlin belongs to the 12th; Fay was lost by the end of the 11th.
      expect(shape(day)).toEqual([
        { stage: "New Lead", count: 2, valueMinor: 10_000, weightedMinor: 1_000, leads: ["Cai", "Ada"] },
        // Bea: 20,001 × 35 % = 7,000.35 → 7,000; Eve: 1,000 × 40 % (the default set now) = 400.
        { stage: "Proposal Sent", count: 2, valueMinor: 21_001, weightedMinor: 7_400, leads: ["Eve", "Bea"] },
      ]);
      const eve = day.columns.find((c) => c.stage === "Proposal Sent")!.leads[0]!;
      expect(eve).toEqual({
        id: expect.any(String),
        name: "Eve",
        business: "Eve Co",
        priority: "high",
        ownerId: manager.user!.id,
        valueMinor: 1_000,
        enteredStageAt: "2026-03-10T09:30:00.000Z",
      });
      // Before anything was created, the board is empty.
      expect(shape(await board("day=2026-03-09"))).toEqual([]);
    });

    it("with since, says where each card stood at the end of that day and which leads were lost or archived between", async () => {
      const day = await board("day=2026-03-12&since=2026-03-11");
      expect(day).toMatchObject({ day: "2026-03-12", asOf: "2026-03-12T23:00:00.000Z", since: "2026-03-11" });
      expect(shape(day)).toEqual([
        { stage: "New Lead", count: 1, valueMinor: 0, weightedMinor: 0, leads: ["Fay <- absent"] },
        { stage: "Contacted", count: 2, valueMinor: 10_005, weightedMinor: 2 + 2_000, leads: ["Dee <- absent", "Ada <- New Lead"] },
        { stage: "Proposal Sent", count: 1, valueMinor: 1_000, weightedMinor: 400, leads: ["Eve <- null"] },
      ]);
      expect(day.left.map(({ name, stage, now }) => ({ name, stage, now }))).toEqual([
        { name: "Cai", stage: "New Lead", now: "archived" },
        { name: "Bea", stage: "Proposal Sent", now: "lost" },
      ]);
      // Compared with itself, nothing moved and nothing left.
      const same = await board("day=2026-03-12&since=2026-03-12");
      expect(same.columns.flatMap((c) => c.leads.map((l) => l.movedFrom))).toEqual([null, null, null, null]);
      expect(same.left).toEqual([]);
    });

    it("filters on the owner, source and priority each card had then", async () => {
      const names = (b: PastBoard) => ({ cards: b.columns.flatMap((c) => c.leads.map((l) => l.name)), left: b.left.map((l) => l.name) });
      const since = "day=2026-03-12&since=2026-03-11";
      expect(names(await board(`${since}&owner=${partner.user!.id}`))).toEqual({ cards: ["Fay", "Ada", "Eve"], left: ["Bea"] });
      expect(names(await board(`${since}&owner=${manager.user!.id}`))).toEqual({ cards: ["Dee"], left: ["Cai"] });
      expect(names(await board("day=2026-03-11&priority=high"))).toEqual({ cards: ["Cai", "Eve"], left: [] });
      expect(names(await board(`${since}&priority=high`))).toEqual({ cards: [], left: ["Cai"] });
      expect(names(await board(`${since}&source=Referral`))).toEqual({ cards: ["Dee"], left: ["Bea"] });
      const referral = await board(`${since}&source=Referral`);
      expect(referral.columns.find((c) => c.stage === "Contacted")).toMatchObject({ count: 1, valueMinor: 5, weightedMinor: 2 });
    });

    it("refuses a day that is none, a missing day and a since after the day, naming the field", async () => {
      for (const [query, field] of [
        ["day=2026-02-30", "day"],
        ["day=yesterday", "day"],
        ["", "day"],
        ["day=2026-03-12&since=2026-03-13", "since"],
        ["day=2026-03-12&owner=someone", "owner"],
      ] as const) {
        const res = await history.get(partner, `/api/leads/board/past?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.headers.get("content-type")).toMatch(/problem\+json/);
        expect(
          res.body.errors.map((e: { field: string }) => e.field),
          query,
        ).toEqual([field]);
      }
    });

    it("answers a Project Manager, and refuses a Creative Director", async () => {
      expect(shape(await board("day=2026-03-11", manager))).toHaveLength(2);
      expect((await history.get(director, "/api/leads/board/past?day=2026-03-11")).status).toBe(403);
    });
  });
