import { describe, expect, it } from "vitest";
import { parseCsv } from "@crm/contracts/lead/csv";
import { aLead } from "@/test/lead";
import { csvContext, exportFileName } from "./export-csv.ts";
import { leadsToCsv } from "@crm/contracts/lead/lead-csv";
import { guessMapping } from "./import-mapping.ts";

const ANA = "00000000-0000-4000-8000-0000000000aa";
const context = csvContext({ staff: [{ id: ANA, email: "ana@agency.test" }], currency: "EUR" });
const HEADER = "Name,Business,Email,Phone,Stage,Priority,Source,Owner,Value,Expected Close,Probability,Notes";

describe("CSV export", () => {
  it("writes what the import reads: owner by email, value in major units, dates as YYYY-MM-DD, blanks for none", () => {
    const csv = leadsToCsv(
      [
        aLead({
          name: "Ben",
          business: "Ortiz",
          email: "b@o.test",
          priority: "high",
          stage: "Contacted",
          assignedTo: ANA,
          valueMinor: 125_050,
          expectedCloseOn: "2030-03-05",
          probability: 60,
        }),
        aLead({ phone: "+1 555 0100", source: "referral", assignedTo: "someone-gone", valueMinor: 100_000 }),
      ],
      context,
    );
    expect(csv.split("\r\n")).toEqual([
      HEADER,
      "Ava Stone,Stone & Co,ava@stone.test,'+1 555 0100,New Lead,medium,referral,,1000,,,",
      "Ben,Ortiz,b@o.test,,Contacted,high,,ana@agency.test,1250.50,2030-03-05,60,",
      "",
    ]);
  });

  it("names every column so that the import's column guess maps each one", () => {
    const headers = HEADER.split(",");
    const mapping = guessMapping(headers);
    expect(Object.values(mapping).sort()).toEqual([...headers].sort());
  });

  it("quotes where RFC 4180 needs it and neutralises formulas, and reads back unchanged", () => {
    const tricky = aLead({
      name: 'Dan "The Man" O\'Neil',
      business: "Comma, Inc.\nSecond line",
      source: "=1+1",
      notes: "- first\n- second",
    });
    const csv = leadsToCsv([tricky], context);
    expect(csv).toContain('"Dan ""The Man"" O\'Neil"');
    expect(csv).toContain(",'=1+1,");
    expect(csv).toContain(`"'- first\n- second"`);
    const [, row] = parseCsv(csv);
    expect(row!.fields).toEqual([
      tricky.name,
      tricky.business,
      tricky.email,
      "",
      "New Lead",
      "medium",
      "=1+1",
      "",
      "",
      "",
      "",
      "- first\n- second",
    ]);
  });

  it("orders the rows by stage as the board does, then by name, whatever order the leads came in", () => {
    const leads = [aLead({ name: "zed", stage: "Contacted" }), aLead({ name: "Bea" }), aLead({ name: "amy", stage: "Contacted" })];
    const names = (csv: string) =>
      parseCsv(csv)
        .slice(1)
        .map((r) => r.fields[0]);
    expect(names(leadsToCsv(leads, context))).toEqual(["Bea", "amy", "zed"]);
    expect(leadsToCsv([...leads].reverse(), context)).toBe(leadsToCsv(leads, context));
  });

  it("names the file leads-{yyyy-MM-dd}.csv in the user's zone", () => {
    const instant = new Date("2026-01-05T23:30:00Z");
    expect(exportFileName(instant, "Europe/Berlin")).toBe("leads-2026-01-06.csv");
    expect(exportFileName(instant, "America/New_York")).toBe("leads-2026-01-05.csv");
  });
});
