import { describe, expect, it } from "vitest";
import { planRows as planWith, readImport, type ParsedImport, type PlanContext } from "../src/lead/lead-import.plan.ts";
import type { Colleague, EmailMatch } from "../src/lead/lead-lookups.ts";

const mapping = { name: "Contact", business: "Company", email: "E-mail", phone: "Phone", priority: "Priority" };
const EXISTING = "5d0c6e2a-7b1f-4f4e-9d7a-3b2c1a0f9e8d";
const header = "Contact,Company,E-mail,Phone,Priority\r\n";
const NOBODY: PlanContext = { colleagues: [], currency: "USD" };
/** Plans against open leads only (email to id), with no colleagues. */
const planRows = (parsed: ParsedImport, open: ReadonlyMap<string, string>) =>
  planWith(parsed, new Map([...open].map(([email, id]): [string, EmailMatch] => [email, { id, status: "open" }])), NOBODY);

describe("planning a CSV import", () => {
  it("creates new leads, reading priority in any case and leaving blank optional cells out", () => {
    const plans = planRows(readImport(`${header}Ada,Lovelace Co,ada@example.com,,High\r\n`, mapping), new Map());
    expect(plans).toEqual([
      {
        line: 2,
        action: "create",
        email: "ada@example.com",
        fields: { name: "Ada", business: "Lovelace Co", email: "ada@example.com", priority: "high" },
        then: {},
        set: {},
      },
    ]);
  });

  it("updates the lead that already has the email (ignoring case), with only the non-blank cells", () => {
    const plans = planRows(readImport(`${header},,ADA@example.com,+44 1,\r\n`, mapping), new Map([["ada@example.com", EXISTING]]));
    expect(plans).toEqual([
      { line: 2, action: "update", email: "ada@example.com", leadId: EXISTING, changes: { phone: "+44 1" }, set: {} },
    ]);
  });

  it("turns a second row with the same email into an update of the lead the first row creates", () => {
    const plans = planRows(readImport(`${header}Ada,Lovelace Co,ada@example.com,,\r\nAda L,,ada@example.com,,low\r\n`, mapping), new Map());
    expect(plans.map((p) => p.action)).toEqual(["create", "update"]);
    expect(plans[1]).toMatchObject({ leadId: undefined, changes: { name: "Ada L", priority: "low" } });
  });

  it("reports bad rows with their line and every reason", () => {
    const csv = `${header}Ada,,not-an-email,,urgent\r\n"Multi\nline",Co,,,\r\n`;
    expect(planRows(readImport(csv, mapping), new Map())).toEqual([
      {
        line: 2,
        action: "error",
        reason: expect.stringMatching(
          /business: Business is required.*email: Enter a valid email address.*priority: Priority is high, medium or low/,
        ),
      },
      { line: 3, action: "error", reason: "email: Email is required" },
    ]);
  });

  it("names each mapped column the header lacks", () => {
    expect(() => readImport("Name,Email\r\n", { name: "Name", business: "Business", email: "Email", notes: "Notes" })).toThrow(
      expect.objectContaining({
        status: 400,
        errors: [
          { field: "mapping.business", message: 'No column "Business" in the header' },
          { field: "mapping.notes", message: 'No column "Notes" in the header' },
        ],
      }),
    );
  });

  it("refuses text that is not CSV with a 400 naming csv", () => {
    expect(() => readImport(`${header}"Ada,Co,a@b.co\r\n`, mapping)).toThrow(
      expect.objectContaining({ status: 400, errors: [{ field: "csv", message: "Line 2: a quoted field is never closed" }] }),
    );
  });

  it("refuses more than 5,000 rows with 413", () => {
    const csv = header + "Ada,Co,ada@example.com,,\r\n".repeat(5_001);
    expect(() => readImport(csv, mapping)).toThrow(
      expect.objectContaining({ status: 413, message: "The file has 5001 rows; import at most 5000 at a time." }),
    );
  });
});

const ANA = "11111111-1111-4111-8111-111111111111";
const BEN = "22222222-2222-4222-8222-222222222222";
const MAX = "44444444-4444-4444-8444-444444444444";
const colleagues: Colleague[] = [
  { id: ANA, email: "ana@agency.test", name: "Ana Lee", role: "Partner", status: "active" },
  { id: BEN, email: "ben@agency.test", name: "Ben Ortiz", role: "Creative Director", status: "active" },
  { id: MAX, email: "max@agency.test", name: "Max Mo", role: "Project Manager", status: "active" },
  { id: "33333333-3333-4333-8333-333333333333", email: "old@agency.test", name: "Ana Lee", role: "Project Manager", status: "deactivated" },
];
const dealMapping = {
  ...mapping,
  source: "Source",
  stage: "Stage",
  owner: "Owner",
  value: "Value",
  expectedCloseOn: "Close",
  probability: "Chance",
};
const dealHeader = "Contact,Company,E-mail,Phone,Priority,Source,Stage,Owner,Value,Close,Chance\r\n";
const plan = (rows: string, existing: ReadonlyMap<string, EmailMatch> = new Map(), currency = "EUR") =>
  planWith(readImport(dealHeader + rows, dealMapping), existing, { colleagues, currency });

describe("planning the stage, owner, value and source of imported leads", () => {
  it("creates the lead, then sets the stage (by its board name, case aside), the owner (by email) and the deal", () => {
    expect(plan('Ada,Co,ada@example.com,,,referral,proposal sent,ANA@agency.test,"1,250.50",2030-03-05,60%\r\n')).toEqual([
      {
        line: 2,
        action: "create",
        email: "ada@example.com",
        fields: { name: "Ada", business: "Co", email: "ada@example.com", source: "referral" },
        then: { stage: "Proposal Sent", assignedTo: ANA, valueMinor: 125_050, expectedCloseOn: "2030-03-05", probability: 60 },
        set: {
          stage: "Proposal Sent",
          owner: { id: ANA, name: "Ana Lee" },
          valueMinor: 125_050,
          expectedCloseOn: "2030-03-05",
          probability: 60,
          source: "referral",
        },
      },
    ]);
  });

  it("reads the value in the agency's currency: 1250.5 euros are 125050 cents, 1250 yen are 1250", () => {
    expect(plan("Ada,Co,a@example.com,,,,,,1250.5,,\r\n")[0]).toMatchObject({ then: { valueMinor: 125_050 } });
    expect(plan("Ada,Co,a@example.com,,,,,,1250,,\r\n", new Map(), "JPY")[0]).toMatchObject({ then: { valueMinor: 1250 } });
  });

  it("refuses an unknown stage row by row, naming the column, and still plans the good rows", () => {
    const plans = plan("Ada,Co,ada@example.com,,,,Negotiation,,,,\r\nBo,Co,bo@example.com,,,,Contacted,,,,\r\n");
    expect(plans[0]).toEqual({
      line: 2,
      action: "error",
      reason:
        'stage: "Negotiation" (column "Stage") is not a stage: use one of New Lead, Contacted, Meeting Scheduled, Proposal Sent, Contract Sent, Contract Signed, Onboarding Form Sent, Onboarding Scheduled, Creative Director Assigned, Active',
    });
    expect(plans[1]).toMatchObject({ line: 3, action: "create", then: { stage: "Contacted" } });
  });

  it("finds the owner by display name (case and spacing aside), refuses an unknown one, one who may not own a lead, and a name two colleagues share", () => {
    const [byName, unknown, director] = plan(
      "A,Co,a@example.com,,,,,ben ortiz,,,\r\nB,Co,b@example.com,,,,,Zoe,,,\r\nC,Co,c@example.com,,,,,ben@agency.test,,,\r\n",
    );
    expect(byName).toMatchObject({
      action: "error",
      reason: 'owner: Ben Ortiz (column "Owner") cannot own a lead: only active Partners and Project Managers can',
    });
    expect(unknown).toMatchObject({
      action: "error",
      reason: 'owner: no colleague "Zoe" (column "Owner"): name the owner by email or display name',
    });
    expect(director).toMatchObject({
      action: "error",
      reason: 'owner: Ben Ortiz (column "Owner") cannot own a lead: only active Partners and Project Managers can',
    });
    expect(plan("A,Co,a@example.com,,,,,  MAX   mo ,,,\r\n")[0]).toMatchObject({ action: "create", then: { assignedTo: MAX } });
    expect(plan("A,Co,a@example.com,,,,,Ana Lee,,,\r\n")[0]).toMatchObject({
      action: "error",
      reason: 'owner: several colleagues are called "Ana Lee" (column "Owner"): name the owner by email',
    });
    expect(plan("A,Co,a@example.com,,,,,ana@agency.test,,,\r\n")[0]).toMatchObject({
      action: "create",
      set: { owner: { name: "Ana Lee" } },
    });
  });

  it("refuses bad values, dates and probabilities, naming each column in one reason", () => {
    const [row] = plan("A,Co,a@example.com,,,,,,-5,05/03/2030,150\r\n");
    expect(row).toMatchObject({ action: "error" });
    const reason = row && "reason" in row ? row.reason : "";
    expect(reason.split("; ")).toEqual([
      'value: "-5" (column "Value") is not an amount in EUR, such as 1250.50 or 1,250.50',
      'expectedCloseOn: "05/03/2030" (column "Close"): Use a date as YYYY-MM-DD',
      'probability: "150" (column "Chance"): At most 100',
    ]);
    expect(plan("A,Co,a@example.com,,,,,,1.234,,\r\n")[0]).toMatchObject({
      action: "error",
      reason: expect.stringContaining('value: "1.234"'),
    });
    expect(plan("A,Co,a@example.com,,,,,,20000000000,,\r\n")[0]).toMatchObject({
      action: "error",
      reason: 'value: "20000000000" (column "Value") is too large',
    });
  });

  it("updates an open lead's stage, owner and deal with the row's cells", () => {
    const id = "5d0c6e2a-7b1f-4f4e-9d7a-3b2c1a0f9e8d";
    expect(plan(",,ada@example.com,,,,Active,ana@agency.test,10,,\r\n", new Map([["ada@example.com", { id, status: "open" }]]))[0]).toEqual(
      {
        line: 2,
        action: "update",
        email: "ada@example.com",
        leadId: id,
        changes: { stage: "Active", assignedTo: ANA, valueMinor: 1000 },
        set: { stage: "Active", owner: { id: ANA, name: "Ana Lee" }, valueMinor: 1000 },
      },
    );
  });

  it("refuses a row whose email belongs to a lost or an archived lead, saying which", () => {
    const lost = "5d0c6e2a-7b1f-4f4e-9d7a-3b2c1a0f9e8d";
    const archived = "6d0c6e2a-7b1f-4f4e-9d7a-3b2c1a0f9e8d";
    const existing = new Map<string, EmailMatch>([
      ["lost@example.com", { id: lost, status: "lost" }],
      ["gone@example.com", { id: archived, status: "archived" }],
    ]);
    expect(plan("A,Co,LOST@example.com,,,,,,,,\r\nB,Co,gone@example.com,,,,,,,,\r\n", existing)).toEqual([
      { line: 2, action: "error", leadId: lost, reason: "email: matches a lost lead (reopen it to update it from a file)" },
      { line: 3, action: "error", leadId: archived, reason: "email: matches an archived lead (restore it to update it from a file)" },
    ]);
  });
});
