import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaleLeads } from "@crm/contracts/reports/reports";
import { availableBackends } from "@crm/infra/testing/test-database";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { reportHistory } from "./report-history.ts";

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`stale leads on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let manager: SignedIn;
    let director: SignedIn;
    const history = reportHistory(() => app);
    const ids = new Map<string, string>();
    /** An instant some days and an hour ago: whole days idle whatever the test's own duration. */
    let ago: (days: number) => string;

    /**
     * Open leads idle for a while in stages with limits (defaults: New Lead 3 days, Contacted 7,
     * Proposal Sent 10, Active none), and a lost and an archived one idle for longer than any limit.
     */
    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = await signUpAs(app, { role: "Partner" });
      manager = await signUpAs(app, { role: "Project Manager" });
      director = await signUpAs(app, { role: "Creative Director" });
      const start = Date.now();
      ago = (days) => new Date(start - days * DAY - HOUR).toISOString();
      const p = partner.user!.id;
      const lead = async (name: string, days: number, fields: Parameters<typeof history.createLead>[2], actor = p) =>
        ids.set(name, await history.createLead(ago(days), actor, { name, business: `${name} Co`, ...fields }));
      await lead("Kim", 10, { stage: "Contacted" });
      await lead("Lou", 2, { stage: "New Lead" });
      await lead("Max", 100, { stage: "Active" });
      await lead("Ned", 30, { stage: "Proposal Sent", priority: "high", source: "Referral" }, manager.user!.id);
      await lead("Ola", 10, { stage: "Contacted" });
      await lead("Pia", 12, { stage: "Contacted" });
      await lead("Quin", 20, { stage: "New Lead" });
      await history.append(
        ids.get("Quin")!,
        ago(19),
        { type: "LeadLost", data: { leadId: ids.get("Quin")!, stage: "New Lead", reason: "Budget", note: null } },
        p,
      );
      await lead("Rex", 20, { stage: "New Lead" });
      await history.append(
        ids.get("Rex")!,
        ago(19),
        { type: "LeadArchived", data: { leadId: ids.get("Rex")!, name: "Rex", business: "Rex Co", reason: null } },
        p,
      );
    });
    afterAll(() => app?.close());

    const stale = async (query = "", who = partner) => {
      const res = await history.get(who, `/api/leads/stale${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as StaleLeads).leads;
    };
    const summary = async (query = "") => (await stale(query)).map((l) => `${l.name} ${l.idleDays}/${l.limitDays}`);

    it("lists the open leads idle longer than their stage allows, longest idle first, then by name", async () => {
      const leads = await stale();
      expect(leads.map((l) => `${l.name} ${l.idleDays}/${l.limitDays}`)).toEqual(["Ned 30/10", "Pia 12/7", "Kim 10/7", "Ola 10/7"]);
      expect(leads[0]).toEqual({
        id: ids.get("Ned"),
        name: "Ned",
        business: "Ned Co",
        stage: "Proposal Sent",
        ownerId: manager.user!.id,
        lastActivityAt: ago(30),
        idleDays: 30,
        limitDays: 10,
      });
    });

    it("takes a lead off the list once a call is logged or a mail sent to it", async () => {
      await stale(); // the leads' streams are read by the commands; the list confirms they are all there
      const call = await history.send(partner, "POST", `/api/leads/${ids.get("Ola")}/activities`, { type: "call", summary: "Caught up" });
      expect(call.status, JSON.stringify(call.body)).toBe(201);
      const mail = await history.send(partner, "POST", `/api/leads/${ids.get("Pia")}/send-email`, {
        subject: "Hello",
        message: "Still keen?",
      });
      expect(mail.status, JSON.stringify(mail.body)).toBe(202);
      expect(await summary()).toEqual(["Ned 30/10", "Kim 10/7"]);
    });

    it("follows the limits set in the settings; a stage without one is never stale", async () => {
      const changed = await history.send(partner, "PATCH", "/api/settings", { staleAfterDays: { "New Lead": 1, Contacted: null } });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(await summary()).toEqual(["Ned 30/10", "Lou 2/1"]);
      const back = await history.send(partner, "PATCH", "/api/settings", { staleAfterDays: { "New Lead": 3, Contacted: 7 } });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(await summary()).toEqual(["Ned 30/10", "Kim 10/7"]);
    });

    it("filters on the lead's owner, source and priority", async () => {
      expect(await summary(`?owner=${manager.user!.id}`)).toEqual(["Ned 30/10"]);
      expect(await summary(`?owner=${partner.user!.id}`)).toEqual(["Kim 10/7"]);
      expect(await summary("?source=Referral")).toEqual(["Ned 30/10"]);
      expect(await summary("?priority=high")).toEqual(["Ned 30/10"]);
      expect(await summary("?priority=low")).toEqual([]);
    });

    it("refuses a bad filter naming the field, and a Creative Director; answers a Project Manager", async () => {
      const bad = await history.get(partner, "/api/leads/stale?priority=urgent");
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["priority"]);
      expect((await history.get(director, "/api/leads/stale")).status).toBe(403);
      expect((await stale("", manager)).map((l) => l.name)).toEqual(["Ned", "Kim"]);
    });
  });
