import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHART_WEEKS } from "@crm/contracts/lead/answers";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { addDays, fromWallTime, startOfWeek, todayIn } from "@crm/contracts/time/date-time";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { appBackends } from "../testing/test-app.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

// On a replica pair too: the board is read from the standby (docs/decisions/061-reads-from-a-replica.md).
for (const { backend, missing } of await appBackends({ replica: true })) {
  describe.skipIf(missing)(`leads board API on ${backend}${missing ? ` (${missing})` : ""}`, () => {
    let partner: LeadClient;
    let manager: LeadClient;
    const fx = appWithPartner(
      backend,
      {},
      {
        partnerName: "Pat Partner",
        seed: async ({ app, partner: signedIn }) => {
          partner = clientFor(app, signedIn);
          manager = clientFor(app, await signUpAs(app, { role: "Project Manager", displayName: "Max Manager" }));
        },
      },
    );

    /** The names of the leads matching word, column by column as GET /api/leads orders them. */
    async function board(word: string): Promise<[string, string][]> {
      const res = await partner.get(`/api/leads?search=${word}`);
      expect(res.status).toBe(200);
      return res.body.map((l: { name: string; stage: string }) => [l.stage, l.name]);
    }

    it("moves cards within and between columns and lists them in column order", async () => {
      const word = uniqueWord();
      const [a, b, c] = [
        await partner.createLead({ name: `A ${word}` }),
        await partner.createLead({ name: `B ${word}` }),
        await partner.createLead({ name: `C ${word}` }),
      ];
      expect(await board(word)).toEqual([
        ["New Lead", `C ${word}`],
        ["New Lead", `B ${word}`],
        ["New Lead", `A ${word}`],
      ]);

      const within = await partner.post(`/api/leads/${a}/move`, { stage: "New Lead", afterId: c, beforeId: b });
      expect(within.status).toBe(200);
      expect(within.body).toMatchObject({ id: a, stage: "New Lead", version: 2 });
      const across = await partner.post(`/api/leads/${b}/move`, { stage: "Contacted" });
      expect(across.body).toMatchObject({ stage: "Contacted", version: 2, lastActivity: "Stage changed to Contacted" });
      await partner.post(`/api/leads/${c}/move`, { stage: "Active", afterId: null, beforeId: null });
      await partner.post(`/api/leads/${a}/move`, { stage: "Contacted", afterId: b });
      expect(await board(word)).toEqual([
        ["Contacted", `B ${word}`],
        ["Contacted", `A ${word}`],
        ["Active", `C ${word}`],
      ]);

      const timeline = await partner.get(`/api/activities?leadId=${a}`);
      expect(timeline.body.map((e: { title: string; description: string | null }) => [e.title, e.description])).toEqual([
        ["Stage changed to Contacted", "From New Lead to Contacted"],
        ["Moved within New Lead", null],
        ["Lead created", `A ${word} from Biz`],
      ]);
      expect(timeline.body[0].userLabel).toBe("Pat Partner");
    });

    it("lists each lead exactly as GET /api/leads/{id} answers it, after edits, moves and a director", async () => {
      const word = uniqueWord();
      const director = await signUpAs(fx.app, { role: "Creative Director", displayName: "Dee Director" });
      await expect
        .poll(async () => (await partner.get("/api/users/creative-directors")).body.map((u: { id: string }) => u.id))
        .toContain(director.user!.id);
      const a = await partner.createLead({ name: `A ${word}`, priority: "high" });
      const b = await partner.createLead({ name: `B "quoted" \\ ${word} ünï` });
      await partner.patch(`/api/leads/${a}`, { phone: "+1 555 0100", notes: "Line one\nline two", creativeDirectorId: director.user!.id });
      await partner.post(`/api/leads/${b}/move`, { stage: "Contacted" });

      const listed = await partner.get(`/api/leads?search=${word}`);
      const one = await Promise.all([a, b].map((id) => partner.get(`/api/leads/${id}`)));
      expect(listed.body).toHaveLength(2);
      const byId = new Map(listed.body.map((l: { id: string }) => [l.id, l]));
      for (const res of one) expect(byId.get(res.body.id)).toEqual(res.body);
      expect(byId.get(a)).toMatchObject({ phone: "+1 555 0100", notes: "Line one\nline two", creativeDirectorId: director.user!.id });
    });

    it("refuses bad moves with 4xx naming the field", async () => {
      const id = await partner.createLead({ name: "Mover" });
      const badStage = await partner.post(`/api/leads/${id}/move`, { stage: "Won" });
      expect(badStage.status).toBe(400);
      expect(badStage.body.errors).toEqual([expect.objectContaining({ field: "stage" })]);
      const badNeighbour = await partner.post(`/api/leads/${id}/move`, { stage: "Contacted", afterId: "nope" });
      expect(badNeighbour.body.errors).toEqual([expect.objectContaining({ field: "afterId" })]);
      const self = await partner.post(`/api/leads/${id}/move`, { stage: "Contacted", beforeId: id });
      expect(self.status).toBe(400);
      expect((await partner.post(`/api/leads/${randomUUID()}/move`, { stage: "Contacted" })).status).toBe(404);
      const stale = await partner.post(`/api/leads/${id}/move`, { stage: "Contacted" }, { "If-Match": '"7"' });
      expect(stale.status).toBe(412);
    });

    it("searches name, business and email case-insensitively, with % and _ taken literally", async () => {
      const word = uniqueWord();
      await partner.createLead({ name: `Percent ${word}`, business: "100% Growth" });
      await partner.createLead({ name: `Under ${word}`, business: "snake_case Ltd" });
      await partner.createLead({ name: `Plain ${word}`, business: "100 Growth", email: `${word}.MAIL@Example.com` });
      const names = async (query: string) =>
        (await partner.get(`/api/leads?search=${encodeURIComponent(query)}`)).body.map((l: { name: string }) => l.name).sort();
      expect(await names(`${word.toUpperCase()}`)).toEqual([`Percent ${word}`, `Plain ${word}`, `Under ${word}`]);
      expect(await names("100% g")).toEqual([`Percent ${word}`]);
      expect(await names("snake_")).toEqual([`Under ${word}`]);
      expect(await names("e_c")).toEqual([`Under ${word}`]);
      expect(await names(`${word}.mail@`)).toEqual([`Plain ${word}`]);
    });

    it("filters by priority and by the leads I created", async () => {
      const word = uniqueWord();
      await partner.createLead({ name: `Mine high ${word}`, priority: "high" });
      await manager.createLead({ name: `Theirs high ${word}`, priority: "high" });
      await manager.createLead({ name: `Theirs low ${word}`, priority: "low" });
      const names = async (client: LeadClient, query: string) =>
        (await client.get(`/api/leads?search=${word}&${query}`)).body.map((l: { name: string }) => l.name).sort();
      expect(await names(partner, "priority=high")).toEqual([`Mine high ${word}`, `Theirs high ${word}`]);
      expect(await names(partner, "mine=true")).toEqual([`Mine high ${word}`]);
      expect(await names(manager, "mine=true&priority=low")).toEqual([`Theirs low ${word}`]);
      const bad = await partner.get("/api/leads?priority=urgent&mine=yes");
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["mine", "priority"]);
    });

    it("pages the board per column: each column's count and its first leads in rank order, as many as asked", async () => {
      const word = uniqueWord();
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.push(await partner.createLead({ name: `N${i} ${word}`, priority: i === 0 ? "high" : "low" }));
      await partner.post(`/api/leads/${made[0]}/move`, { stage: "Contacted" });
      const full = (await partner.get(`/api/leads?search=${word}`)).body as { id: string; stage: string }[];

      type Column = { stage: string; count: number; leads: { id: string; stage: string }[] };
      const columnsOf = async (query: string) => {
        const res = await partner.get(`/api/leads/board?search=${word}&${query}`);
        expect(res.status).toBe(200);
        return res.body.columns as Column[];
      };
      const paged = await columnsOf("limit=2");
      expect(paged.map((c) => c.stage)).toEqual([...LEAD_STAGES]);
      expect(paged.map((c) => c.count)).toEqual(LEAD_STAGES.map((stage) => full.filter((l) => l.stage === stage).length));
      for (const column of paged) expect(column.leads).toEqual(full.filter((l) => l.stage === column.stage).slice(0, 2));
      expect(paged[0]).toMatchObject({ stage: "New Lead", count: 4 });
      expect(paged[0]!.leads).toHaveLength(2);

      const wider = await columnsOf(`limits=${LEAD_STAGES.map((stage) => (stage === "New Lead" ? 3 : 0)).join(",")}`);
      expect(wider[0]!.leads.map((l) => l.id)).toEqual(
        full
          .filter((l) => l.stage === "New Lead")
          .slice(0, 3)
          .map((l) => l.id),
      );
      expect(wider[1]).toEqual({ stage: "Contacted", count: 1, valueMinor: 0, weightedMinor: 0, leads: [] });
      expect((await columnsOf("priority=high")).flatMap((c) => c.leads.map((l) => l.id))).toEqual([made[0]]);
      expect((await partner.get(`/api/leads/board?search=${word}`)).body.columns[0].leads).toHaveLength(4);

      for (const [query, field] of [
        ["limit=0", "limit"],
        ["limit=lots", "limit"],
        ["limits=1,2,3", "limits"],
        [`limits=${LEAD_STAGES.map(() => "x").join(",")}`, "limits"],
        ["priority=urgent", "priority"],
      ]) {
        const bad = await partner.get(`/api/leads/board?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.headers.get("content-type")).toContain("application/problem+json");
        // Each error names the field, "limits.3" the fourth count of limits.
        const fields: string[] = bad.body.errors.map((e: { field: string }) => e.field.split(".")[0]);
        expect(fields.length, query).toBeGreaterThan(0);
        expect(fields, query).toEqual(fields.map(() => field));
      }
    });

    it("counts each whole column as the full list does", async () => {
      await partner.createLead({ name: `Counted ${uniqueWord()}` });
      const all = (await partner.get("/api/leads")).body as { stage: string; creativeDirectorId: string | null }[];
      const expected = LEAD_STAGES.map((stage) => all.filter((l) => l.stage === stage).length);
      const onboarding = expected.slice(LEAD_STAGES.indexOf("Contract Signed"), LEAD_STAGES.indexOf("Active"));
      const stats = {
        newLeads: expected[0],
        contractsPending: expected[LEAD_STAGES.indexOf("Contract Sent")],
        onboardingInProgress: onboarding.reduce((sum, n) => sum + n, 0),
        clientsAssigned: all.filter((l) => l.creativeDirectorId !== null).length,
      };
      const counts = async (limit: number) => {
        const res = await partner.get(`/api/leads/board?limit=${limit}`);
        expect(res.status).toBe(200);
        return res.body.columns.map((c: { count: number }) => c.count);
      };
      expect(await counts(1)).toEqual(expected);
      expect((await partner.get("/api/stats")).body).toEqual(stats);
    });

    it("charts the open leads as the full list has them: by stage, and created per week in the reader's zone", async () => {
      await partner.createLead({ name: `Charted ${uniqueWord()}` });
      const all = (await partner.get("/api/leads")).body as { stage: string; createdAt: string }[];
      for (const zone of ["Europe/Berlin", "America/New_York", "Pacific/Kiritimati"]) {
        const res = await manager.get(`/api/stats/pipeline?zone=${encodeURIComponent(zone)}`);
        expect(res.status, zone).toBe(200);
        expect(res.body.byStage).toEqual(LEAD_STAGES.map((stage) => ({ stage, count: all.filter((l) => l.stage === stage).length })));
        const weeks: { weekStart: string; count: number }[] = res.body.newPerWeek;
        expect(weeks).toHaveLength(CHART_WEEKS);
        // Mondays a week apart, the last one this week's in the zone (its Monday is at most six days back).
        const today = todayIn(zone);
        expect(weeks.map((w) => w.weekStart)).toEqual(weeks.map((_, i) => addDays(weeks[0]!.weekStart, 7 * i)));
        expect(startOfWeek(today)).toBe(weeks.at(-1)!.weekStart);
        // Each week from its Monday's midnight in the zone to the next one's.
        const midnight = (day: string) => Date.parse(fromWallTime(`${day}T00:00`, zone)!);
        const created = (w: { weekStart: string }) =>
          all.filter((l) => Date.parse(l.createdAt) >= midnight(w.weekStart) && Date.parse(l.createdAt) < midnight(addDays(w.weekStart, 7))).length;
        expect(weeks.map((w) => w.count), zone).toEqual(weeks.map(created));
        expect(weeks.at(-1)!.count).toBeGreaterThan(0);
      }
      for (const zone of ["", "Mars/Olympus", "x".repeat(65)]) {
        const bad = await partner.get(`/api/stats/pipeline?zone=${zone}`);
        expect(bad.status, zone).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field), zone).toEqual(["zone"]);
      }
      expect((await partner.get("/api/stats/pipeline")).status).toBe(400);
    });

    it("archives a lead (Partner only): it leaves the board, the list, the stats and its timeline, and is read as archived", async () => {
      const id = await partner.createLead({ name: "To archive" });
      await partner.patch(`/api/leads/${id}`, { notes: "something" });
      const statsBefore = (await partner.get("/api/stats")).body;
      expect((await manager.delete(`/api/leads/${id}`)).status).toBe(403);

      const archived = await partner.post(`/api/leads/${id}/archive`, { reason: "Duplicate" });
      expect(archived.status).toBe(200);
      expect(archived.body).toEqual({ id, version: 3, position: expect.any(String) });
      expect((await partner.get(`/api/leads/${id}`)).body).toMatchObject({ id, status: "archived", notes: "something", version: 3 });
      expect((await partner.get("/api/leads")).body.map((l: { id: string }) => l.id)).not.toContain(id);
      expect((await partner.get("/api/leads/archived")).body.map((l: { id: string }) => l.id)).toContain(id);
      expect((await partner.get("/api/stats")).body.newLeads).toBe(statsBefore.newLeads - 1);
      const timeline = await partner.get(`/api/activities?leadId=${id}`);
      expect(timeline.body).toEqual([
        expect.objectContaining({ title: "Lead archived", description: "To archive from Biz: Duplicate", userLabel: "Pat Partner" }),
      ]);

      expect((await partner.patch(`/api/leads/${id}`, { name: "Back" })).status).toBe(404);
      expect((await partner.post(`/api/leads/${id}/move`, { stage: "Active" })).status).toBe(404);
      expect((await partner.delete(`/api/leads/${id}`)).status).toBe(404);
    });

    it("assigns only approved creative directors, naming creativeDirectorId otherwise", async () => {
      const director = await signUpAs(fx.app, { role: "Creative Director", displayName: "Dee Director" });
      const pending = await signUpAs(fx.app, { role: "Creative Director", approved: false });
      const managerUser = await signUpAs(fx.app, { role: "Project Manager" });
      await expect
        .poll(async () => (await partner.get("/api/users/creative-directors")).body.map((u: { id: string }) => u.id))
        .toContain(director.user!.id);
      const id = await partner.createLead({ name: "Needs a director" });
      for (const wrong of [managerUser.user!.id, pending.user!.id, randomUUID()]) {
        const refused = await partner.patch(`/api/leads/${id}`, { creativeDirectorId: wrong });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([{ field: "creativeDirectorId", message: "No approved creative director has this id" }]);
      }
      const assigned = await partner.patch(`/api/leads/${id}`, { creativeDirectorId: director.user!.id });
      expect(assigned.body).toMatchObject({ creativeDirectorId: director.user!.id });
      expect((await partner.patch(`/api/leads/${id}`, { creativeDirectorId: "" })).body).toMatchObject({ creativeDirectorId: null });
    });

    it("loses no change when several people edit different fields of one lead at once", async () => {
      const id = await partner.createLead({ name: "Busy" });
      const edits = [
        { name: "Busy Bee" },
        { business: "Hive Ltd" },
        { phone: "+44 20 7946 0000" },
        { source: "referral" },
        { notes: "Call back" },
        { priority: "high" },
      ];
      const answers = await Promise.all(edits.map((edit, i) => (i % 2 ? manager : partner).patch(`/api/leads/${id}`, edit)));
      expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
      const lead = (
        await partner.get(`/api/leads/${id}`, {
          "X-Min-Position": answers
            .map((a) => a.body.position as string)
            .sort()
            .at(-1)!,
        })
      ).body;
      expect(lead).toMatchObject(Object.assign({}, ...edits));
      expect(lead.version).toBe(1 + edits.length);
    });
  });
}
