import type { ImportField, ImportMapping } from "@crm/contracts/lead/import";
import { LEAD_CSV_COLUMNS } from "@crm/contracts/lead/lead-csv";

/** The lead fields a CSV column can feed, in form order; the first three are required. hint: how a cell is read. */
export const IMPORT_FIELDS: { field: ImportField; label: string; required: boolean; hint?: string }[] = [
  { field: "name", label: "Contact Name", required: true },
  { field: "business", label: "Business Name", required: true },
  { field: "email", label: "Email", required: true },
  { field: "phone", label: "Phone", required: false },
  { field: "source", label: "Lead Source", required: false },
  { field: "priority", label: "Priority", required: false },
  { field: "notes", label: "Notes", required: false },
  { field: "stage", label: "Stage", required: false, hint: "A stage's name as the board shows it." },
  { field: "owner", label: "Owner", required: false, hint: "A Partner's or Project Manager's email or display name." },
  { field: "value", label: "Value", required: false, hint: "In the agency's currency, e.g. 1,250.50." },
  { field: "expectedCloseOn", label: "Expected Close", required: false, hint: "A date as YYYY-MM-DD." },
  { field: "probability", label: "Probability", required: false, hint: "A whole percentage, 0 to 100." },
];

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

const SYNONYMS: Record<ImportField, string[]> = {
  name: ["name", "contactname", "fullname", "contact", "clientname", "leadname"],
  business: ["business", "businessname", "company", "companyname", "organization", "organisation", "account"],
  email: ["email", "emailaddress", "mail", "contactemail"],
  phone: ["phone", "phonenumber", "telephone", "tel", "mobile", "cell"],
  source: ["source", "leadsource", "channel", "origin"],
  priority: ["priority"],
  notes: ["notes", "note", "comments", "comment", "description"],
  stage: ["stage", "pipelinestage", "status", "dealstage"],
  owner: ["owner", "dealowner", "leadowner", "assignedto", "assignee"],
  value: ["value", "dealvalue", "amount", "dealamount"],
  expectedCloseOn: ["expectedclose", "expectedclosedate", "expectedcloseon", "closedate"],
  probability: ["probability", "chance", "winprobability"],
};
// The export's own headers come first, so an exported file imports with nothing to choose.
for (const { field, header } of LEAD_CSV_COLUMNS) SYNONYMS[field].unshift(normalize(header));

/** The header each field most likely comes from ("" when none fits); a header is used at most once. */
export function guessMapping(headers: readonly string[]): Record<ImportField, string> {
  const used = new Set<string>();
  const mapping = {} as Record<ImportField, string>;
  for (const { field } of IMPORT_FIELDS) {
    const header = headers.find((h) => !used.has(h) && SYNONYMS[field].includes(normalize(h))) ?? "";
    if (header) used.add(header);
    mapping[field] = header;
  }
  return mapping;
}

/** The request's mapping, or undefined while a required field has no column. */
export function toImportMapping(mapping: Record<ImportField, string>): ImportMapping | undefined {
  if (!mapping.name || !mapping.business || !mapping.email) return undefined;
  const result: ImportMapping = { name: mapping.name, business: mapping.business, email: mapping.email };
  for (const { field, required } of IMPORT_FIELDS) if (!required && mapping[field]) result[field] = mapping[field];
  return result;
}
