import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

const hasPostgres = await postgresAvailable();
const mapping = { name: "Contact Name", business: "Company", email: "Email", phone: "Phone", priority: "Priority", notes: "Notes" };
const header = "Contact Name,Company,Email,Phone,Priority,Notes\r\n";

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`lead CSV import on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let app: TestApp;
    let partner: LeadClient;
    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = clientFor(app, await signUpAs(app, { role: "Partner" }));
    });
    afterAll(() => app.close());

    const leadsOf = async (word: string) =>
      (await partner.get(`/api/leads?search=${word}`)).body.map((l: { name: string; email: string; phone: string | null; priority: string; notes: string | null }) => ({
        name: l.name, email: l.email, phone: l.phone, priority: l.priority, notes: l.notes,
      }));

    it("imports the good rows, reports the bad ones by line, and updates a lead whose email exists", async () => {
      const w = uniqueWord();
      const existing = await partner.createLead({ name: `Old ${w}`, email: `ada.${w}@example.com` });
      expect((await partner.get(`/api/leads/${existing}`)).status).toBe(200); // the import matches emails in the read model
      const csv =
        header +
        `Grace ${w},"Hopper, Inc",grace.${w}@example.com,,High,"Likes ""COBOL""\r\nand ships"\r\n` +
        `Nobody ${w},,broken-email,,,\r\n` +
        `,,ADA.${w}@example.com,+44 1,,\r\n` +
        `Linus ${w},Kernel,linus.${w}@example.com,,urgent,\r\n` +
        `Grace H ${w},,grace.${w}@example.com,,,\r\n`;
      const res = await partner.post("/api/leads/import", { csv, mapping });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dryRun: false, created: 1, updated: 2, errors: 2, position: expect.any(String) });
      const [grace, nobody, ada, linus, graceAgain] = res.body.rows;
      expect(grace).toEqual({ line: 2, status: "created", leadId: expect.any(String) });
      expect(nobody).toEqual({ line: 4, status: "error", reason: expect.stringMatching(/business: Business is required; email: Enter a valid email address/) });
      expect(ada).toEqual({ line: 5, status: "updated", leadId: existing });
      expect(linus).toEqual({ line: 6, status: "error", reason: "priority: Priority is high, medium or low" });
      expect(graceAgain).toEqual({ line: 7, status: "updated", leadId: grace.leadId });

      expect((await leadsOf(w)).sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name))).toEqual([
        { name: `Grace H ${w}`, email: `grace.${w}@example.com`, phone: null, priority: "high", notes: 'Likes "COBOL"\r\nand ships' },
        { name: `Old ${w}`, email: `ada.${w}@example.com`, phone: "+44 1", priority: "medium", notes: null },
      ]);
    });

    it("previews a dry run with the same answers and appends nothing", async () => {
      const w = uniqueWord();
      const existing = await partner.createLead({ name: `Kept ${w}`, email: `kept.${w}@example.com` });
      expect((await partner.get(`/api/leads/${existing}`)).status).toBe(200);
      const csv = header + `New ${w},Co,new.${w}@example.com,,,\r\nKept 2 ${w},,kept.${w}@example.com,,low,\r\n,,,,,\r\n`;
      const before = await partner.get("/api/health");
      const res = await partner.post("/api/leads/import", { csv, mapping, dryRun: true });
      expect(res.body).toEqual({
        dryRun: true, created: 1, updated: 1, errors: 1,
        rows: [{ line: 2, status: "created" }, { line: 3, status: "updated", leadId: existing }, { line: 4, status: "error", reason: "email: Email is required" }],
      });
      expect(await leadsOf(w)).toEqual([{ name: `Kept ${w}`, email: `kept.${w}@example.com`, phone: null, priority: "medium", notes: null }]);
      const after = await partner.get("/api/health");
      expect(after.body.projections).toEqual(before.body.projections);
    });

    it("appends nothing twice when the same import is retried with its Idempotency-Key", async () => {
      const w = uniqueWord();
      const csv = header + `Once ${w},Co,once.${w}@example.com,,,\r\n`;
      const key = { "Idempotency-Key": `import-${w}` };
      const first = await partner.post("/api/leads/import", { csv, mapping }, key);
      const again = await partner.post("/api/leads/import", { csv, mapping }, key);
      expect(again.body.rows[0].leadId).toBe(first.body.rows[0].leadId);
      expect(await leadsOf(w)).toHaveLength(1);
    });

    it("refuses unreadable files and wrong mappings with 400 naming the field, and too many rows with 413", async () => {
      const unclosed = await partner.post("/api/leads/import", { csv: `${header}"Ada,Co,a@b.co,,,\r\n`, mapping });
      expect(unclosed.status).toBe(400);
      expect(unclosed.body.errors).toEqual([{ field: "csv", message: "Line 2: a quoted field is never closed" }]);
      const wrongMapping = await partner.post("/api/leads/import", { csv: header, mapping: { ...mapping, email: "E-mail" } });
      expect(wrongMapping.body.errors).toEqual([{ field: "mapping.email", message: 'No column "E-mail" in the header' }]);
      const noMapping = await partner.post("/api/leads/import", { csv: header, mapping: { name: "Contact Name" } });
      expect(noMapping.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["mapping.business", "mapping.email"]);
      const tooMany = await partner.post("/api/leads/import", { csv: header + "A,B,a@b.co,,,\r\n".repeat(5_001), mapping, dryRun: true });
      expect(tooMany.status).toBe(413);
      expect(tooMany.body.detail).toBe("The file has 5001 rows; import at most 5000 at a time.");
      const tooBig = await partner.post("/api/leads/import", { csv: header + `A,B,a@b.co,,,"${"x".repeat(1_100_000)}"\r\n`, mapping });
      expect(tooBig.status).toBe(413);
    });
  });
}
