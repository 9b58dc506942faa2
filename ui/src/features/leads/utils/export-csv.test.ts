import { describe, expect, it } from "vitest";
import { parseCsv } from "@crm/contracts/lead/csv";
import { aLead } from "@/test/lead";
import { exportFileName, leadsToCsv } from "./export-csv.ts";

describe("CSV export", () => {
  it("has the seven columns, quotes every value and leaves missing values empty", () => {
    const csv = leadsToCsv([
      aLead({ phone: "+1 555 0100", source: "referral" }),
      aLead({ name: "Ben", business: "Ortiz", email: "b@o.test", priority: "high" }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      '"Name","Business","Email","Phone","Stage","Priority","Source"',
      '"Ava Stone","Stone & Co","ava@stone.test","+1 555 0100","New Lead","medium","referral"',
      '"Ben","Ortiz","b@o.test","","New Lead","high",""',
      "",
    ]);
  });

  it("doubles inner quotes (RFC 4180), so commas, quotes and line breaks read back unchanged", () => {
    const tricky = aLead({ name: 'Dan "The Man" O\'Neil', business: "Comma, Inc.\nSecond line", source: '""' });
    const csv = leadsToCsv([tricky]);
    expect(csv).toContain('"Dan ""The Man"" O\'Neil"');
    const [, row] = parseCsv(csv);
    expect(row!.fields).toEqual([tricky.name, tricky.business, tricky.email, "", "New Lead", "medium", '""']);
  });

  it("names the file leads-{yyyy-MM-dd}.csv in the local calendar", () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe("leads-2026-01-05.csv");
    expect(exportFileName(new Date(2026, 11, 31, 0, 1))).toBe("leads-2026-12-31.csv");
  });
});
