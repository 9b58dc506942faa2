// Plain functions with no zod import: the browser builds the export with them (docs/product.md, "Leads and the pipeline", CSV export).
import { minorToInput } from "../money/money.ts";
import type { Lead } from "./answers.ts";
import { formatCsv } from "./csv.ts";
import type { ImportField } from "./import.ts";
import { LEAD_STAGES } from "./stages.ts";

/**
 * The export's columns in order, each under the header the import's column guess reads it by, so an
 * exported file imports with no mapping to choose. Only what the import reads is written: no ids and
 * no instants (created, updated), which an import could not set.
 */
export const LEAD_CSV_COLUMNS = [
  { field: "name", header: "Name" },
  { field: "business", header: "Business" },
  { field: "email", header: "Email" },
  { field: "phone", header: "Phone" },
  { field: "stage", header: "Stage" },
  { field: "priority", header: "Priority" },
  { field: "source", header: "Source" },
  { field: "owner", header: "Owner" },
  { field: "value", header: "Value" },
  { field: "expectedCloseOn", header: "Expected Close" },
  { field: "probability", header: "Probability" },
  { field: "notes", header: "Notes" },
] as const satisfies readonly { field: ImportField; header: string }[];

/** What the export needs beyond the leads: the agency's currency, and the owner's email by user id (undefined: not a known colleague). */
export interface LeadCsvContext {
  currency: string;
  ownerEmail: (userId: string) => string | undefined;
}

/** One lead's cells, in LEAD_CSV_COLUMNS order: the value in major units as a person types it ("1250.50"), dates as YYYY-MM-DD. */
export function leadCsvRow(lead: Lead, { currency, ownerEmail }: LeadCsvContext): string[] {
  const cell: Record<ImportField, string> = {
    name: lead.name,
    business: lead.business,
    email: lead.email,
    phone: lead.phone ?? "",
    stage: lead.stage,
    priority: lead.priority,
    source: lead.source ?? "",
    owner: (lead.assignedTo && ownerEmail(lead.assignedTo)) ?? "",
    value: minorToInput(lead.valueMinor, currency),
    expectedCloseOn: lead.expectedCloseOn ?? "",
    probability: lead.probability === null ? "" : String(lead.probability),
    notes: lead.notes ?? "",
  };
  return LEAD_CSV_COLUMNS.map(({ field }) => cell[field]);
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Rows by their cells: as a person sorts them (case aside), then by code unit, so that no two distinct rows tie. */
function compareRows(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    const order = collator.compare(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

const STAGE_COLUMN = LEAD_CSV_COLUMNS.findIndex((c) => c.field === "stage");

/**
 * The leads as CSV (csv.ts: RFC 4180, CRLF, formulas neutralised): a header row, then one row per lead
 * in board order of stages and, within a stage, by name, business and email. The order depends on
 * nothing but what the file holds, so exporting what an export imported gives the same bytes.
 */
export function leadsToCsv(leads: readonly Lead[], context: LeadCsvContext): string {
  const stageIndex = (row: readonly string[]) => LEAD_STAGES.indexOf(row[STAGE_COLUMN] as Lead["stage"]);
  const rows = leads.map((lead) => leadCsvRow(lead, context)).sort((a, b) => stageIndex(a) - stageIndex(b) || compareRows(a, b));
  return formatCsv([LEAD_CSV_COLUMNS.map((c) => c.header), ...rows]);
}
