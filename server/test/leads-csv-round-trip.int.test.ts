import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "@crm/contracts/lead/answers";
import { parseCsv } from "@crm/contracts/lead/csv";
import { LEAD_CSV_COLUMNS, leadsToCsv } from "@crm/contracts/lead/lead-csv";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

/**
 * CSV import that keeps stage, owner, value and source, and the export that an import reads back
 * (docs/product.md, "Leads and the pipeline", CSV export and import).
 */

const hasPostgres = await postgresAvailable();

/** The export's own header row: an exported file maps itself. */
const MAPPING = Object.fromEntries(LEAD_CSV_COLUMNS.map(({ field, header }) => [field, header]));
const HEADER = LEAD_CSV_COLUMNS.map((c) => c.header).join(",");

/** One agency: a Partner who imports, a Project Manager who may own leads, a Creative Director who may not; money in euros. */
async function agency(backend: Backend, w: string) {
  const app = await startTestApp(backend);
  const partner = clientFor(app, await signUpAs(app, { role: "Partner", displayName: `Pat ${w}`, email: `pat.${w}@agency.test` }));
  const manager = await signUpAs(app, { role: "Project Manager", displayName: `Max ${w}`, email: `max.${w}@agency.test` });
  await signUpAs(app, { role: "Creative Director", displayName: `Cid ${w}`, email: `cid.${w}@agency.test` });
  expect((await partner.patch("/api/settings", { currency: "EUR" })).status).toBe(200);
  return { app, partner, managerId: manager.user!.id };
}

/** The export as the browser builds it: the leads the search finds, owners by email from the staff list. */
async function exportCsv(client: LeadClient, w: string): Promise<string> {
  const leads = (await client.get(`/api/leads?search=${w}`)).body as Lead[];
  const staff = (await client.get("/api/users")).body as { id: string; email: string }[];
  const emails = new Map(staff.map((u) => [u.id, u.email]));
  return leadsToCsv(leads, { currency: "EUR", ownerEmail: (id) => emails.get(id) });
}

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`CSV import and export on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    const w = uniqueWord();
    let first: Awaited<ReturnType<typeof agency>>;
    const apps: TestApp[] = [];
    beforeAll(async () => {
      first = await agency(backend, w);
      apps.push(first.app);
    });
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    const csv =
      `${HEADER}\r\n` +
      `Ada ${w},Lovelace Co,ada.${w}@example.com,'+1 555 0100,Proposal Sent,high,referral,max.${w}@agency.test,"1,250.50",2030-03-05,60,'- call back\r\n` +
      `Bob ${w},Babbage Ltd,bob.${w}@example.com,,contacted,low,=HYPERLINK("http://evil"),Pat ${w},1250.5,,,\r\n` +
      `Cy ${w},Cyber,cy.${w}@example.com,,Negotiation,,,,,,,\r\n` +
      `Di ${w},Dice,di.${w}@example.com,,,,,cid.${w}@agency.test,,,,\r\n` +
      `Ed ${w},Edison,ed.${w}@example.com,,,,,,-5,,,\r\n`;

    it("previews what each row will set and refuses unknown stages, owners who may not own a lead and bad values row by row", async () => {
      const res = await first.partner.post("/api/leads/import", { csv, mapping: MAPPING, dryRun: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dryRun: true, created: 2, updated: 0, errors: 3 });
      const [ada, bob, cy, di, ed] = res.body.rows;
      expect(ada).toEqual({
        line: 2,
        status: "created",
        set: {
          stage: "Proposal Sent",
          owner: { id: first.managerId, name: `Max ${w}` },
          valueMinor: 125_050,
          expectedCloseOn: "2030-03-05",
          probability: 60,
          source: "referral",
        },
      });
      expect(bob).toMatchObject({
        line: 3,
        status: "created",
        set: { stage: "Contacted", owner: { name: `Pat ${w}` }, valueMinor: 125_050 },
      });
      expect(cy).toEqual({
        line: 4,
        status: "error",
        reason: expect.stringMatching(/^stage: "Negotiation" \(column "Stage"\) is not a stage: use one of New Lead/),
      });
      expect(di).toEqual({
        line: 5,
        status: "error",
        reason: `owner: Cid ${w} (column "Owner") cannot own a lead: only active Partners and Project Managers can`,
      });
      expect(ed).toEqual({
        line: 6,
        status: "error",
        reason: 'value: "-5" (column "Value") is not an amount in EUR, such as 1250.50 or 1,250.50',
      });
    });

    it("imports stage, owner, value and source, and the timeline tells the creation and each setting", async () => {
      const res = await first.partner.post("/api/leads/import", { csv, mapping: MAPPING });
      expect(res.body).toMatchObject({ dryRun: false, created: 2, errors: 3 });
      const adaId = res.body.rows[0].leadId as string;
      const ada = (await first.partner.get(`/api/leads/${adaId}`)).body as Lead;
      expect(ada).toMatchObject({
        phone: "+1 555 0100",
        stage: "Proposal Sent",
        priority: "high",
        source: "referral",
        assignedTo: first.managerId,
        valueMinor: 125_050,
        expectedCloseOn: "2030-03-05",
        probability: 60,
        notes: "- call back",
      });
      const bob = (await first.partner.get(`/api/leads/${res.body.rows[1].leadId}`)).body as Lead;
      expect(bob).toMatchObject({ stage: "Contacted", source: '=HYPERLINK("http://evil")', valueMinor: 125_050, probability: null });
      const titles = ((await first.partner.get(`/api/activities?leadId=${adaId}`)).body as { title: string }[]).map((a) => a.title);
      expect(titles).toEqual(expect.arrayContaining(["Lead created", "Stage changed to Proposal Sent", "Owner changed", "Deal updated"]));
    });

    it("counts a lost or an archived lead with the same email as a duplicate, and says which", async () => {
      const lost = await first.partner.createLead({ name: `Lou ${w}`, email: `lou.${w}@example.com` });
      const archived = await first.partner.createLead({ name: `Arc ${w}`, email: `arc.${w}@example.com` });
      expect((await first.partner.post(`/api/leads/${lost}/lose`, { reason: "Budget" })).status).toBe(200);
      expect((await first.partner.post(`/api/leads/${archived}/archive`, {})).status).toBe(200);
      const rows = `${HEADER}\r\nLou ${w},Co,LOU.${w}@example.com,,Contacted,,,,,,,\r\nArc ${w},Co,arc.${w}@example.com,,,,,,,,,\r\n`;
      const res = await first.partner.post("/api/leads/import", { csv: rows, mapping: MAPPING, dryRun: true });
      expect(res.body.rows).toEqual([
        { line: 2, status: "error", leadId: lost, reason: "email: matches a lost lead (reopen it to update it from a file)" },
        { line: 3, status: "error", leadId: archived, reason: "email: matches an archived lead (restore it to update it from a file)" },
      ]);
      const done = await first.partner.post("/api/leads/import", { csv: rows, mapping: MAPPING });
      expect(done.body).toMatchObject({ created: 0, updated: 0, errors: 2 });
      expect((await first.partner.get(`/api/leads/${lost}`)).body).toMatchObject({ status: "lost", stage: "New Lead" });
    });

    it("exports what it imported so that an import into a new agency exports the same bytes", async () => {
      const exported = await exportCsv(first.partner, w);
      const rows = parseCsv(exported);
      expect(rows.map((r) => r.fields[0])).toEqual(["Name", `Bob ${w}`, `Ada ${w}`]); // board order of stages: Contacted, then Proposal Sent
      expect(exported).toContain(`,'+1 555 0100,`);
      expect(exported).toContain(`,"'=HYPERLINK(""http://evil"")",`);

      const second = await agency(backend, w);
      apps.push(second.app);
      const res = await second.partner.post("/api/leads/import", { csv: exported, mapping: MAPPING });
      expect(res.body).toMatchObject({ created: 2, updated: 0, errors: 0 });
      expect(await exportCsv(second.partner, w)).toBe(exported);
    });
  });
}
