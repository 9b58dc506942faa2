import { describe, expect, it } from "vitest";
import { planRows, readImport } from "../src/lead/lead-import.plan.ts";

const mapping = { name: "Contact", business: "Company", email: "E-mail", phone: "Phone", priority: "Priority" };
const EXISTING = "5d0c6e2a-7b1f-4f4e-9d7a-3b2c1a0f9e8d";
const header = "Contact,Company,E-mail,Phone,Priority\r\n";

describe("planning a CSV import", () => {
  it("creates new leads, reading priority in any case and leaving blank optional cells out", () => {
    const plans = planRows(readImport(`${header}Ada,Lovelace Co,ada@example.com,,High\r\n`, mapping), new Map());
    expect(plans).toEqual([{ line: 2, action: "create", email: "ada@example.com", fields: { name: "Ada", business: "Lovelace Co", email: "ada@example.com", priority: "high" } }]);
  });

  it("updates the lead that already has the email (ignoring case), with only the non-blank cells", () => {
    const plans = planRows(readImport(`${header},,ADA@example.com,+44 1,\r\n`, mapping), new Map([["ada@example.com", EXISTING]]));
    expect(plans).toEqual([{ line: 2, action: "update", email: "ada@example.com", leadId: EXISTING, changes: { phone: "+44 1" } }]);
  });

  it("turns a second row with the same email into an update of the lead the first row creates", () => {
    const plans = planRows(readImport(`${header}Ada,Lovelace Co,ada@example.com,,\r\nAda L,,ada@example.com,,low\r\n`, mapping), new Map());
    expect(plans.map((p) => p.action)).toEqual(["create", "update"]);
    expect(plans[1]).toMatchObject({ leadId: undefined, changes: { name: "Ada L", priority: "low" } });
  });

  it("reports bad rows with their line and every reason", () => {
    const csv = `${header}Ada,,not-an-email,,urgent\r\n"Multi\nline",Co,,,\r\n`;
    expect(planRows(readImport(csv, mapping), new Map())).toEqual([
      { line: 2, action: "error", reason: expect.stringMatching(/business: Business is required.*email: Enter a valid email address.*priority: Priority is high, medium or low/) },
      { line: 3, action: "error", reason: "email: Email is required" },
    ]);
  });

  it("names each mapped column the header lacks", () => {
    expect(() => readImport("Name,Email\r\n", { name: "Name", business: "Business", email: "Email", notes: "Notes" })).toThrow(
      expect.objectContaining({ status: 400, errors: [{ field: "mapping.business", message: 'No column "Business" in the header' }, { field: "mapping.notes", message: 'No column "Notes" in the header' }] }),
    );
  });

  it("refuses text that is not CSV with a 400 naming csv", () => {
    expect(() => readImport(`${header}"Ada,Co,a@b.co\r\n`, mapping)).toThrow(expect.objectContaining({ status: 400, errors: [{ field: "csv", message: "Line 2: a quoted field is never closed" }] }));
  });

  it("refuses more than 5,000 rows with 413", () => {
    const csv = header + "Ada,Co,ada@example.com,,\r\n".repeat(5_001);
    expect(() => readImport(csv, mapping)).toThrow(expect.objectContaining({ status: 413, message: "The file has 5001 rows; import at most 5000 at a time." }));
  });
});
