import type { ImportField, ImportMapping } from "@crm/contracts/lead/import";

/** The lead fields a CSV column can feed, in form order; the first three are required. */
export const IMPORT_FIELDS: { field: ImportField; label: string; required: boolean }[] = [
  { field: "name", label: "Contact Name", required: true },
  { field: "business", label: "Business Name", required: true },
  { field: "email", label: "Email", required: true },
  { field: "phone", label: "Phone", required: false },
  { field: "source", label: "Lead Source", required: false },
  { field: "priority", label: "Priority", required: false },
  { field: "notes", label: "Notes", required: false },
];

const SYNONYMS: Record<ImportField, string[]> = {
  name: ["name", "contactname", "fullname", "contact", "clientname", "leadname"],
  business: ["business", "businessname", "company", "companyname", "organization", "organisation", "account"],
  email: ["email", "emailaddress", "mail", "contactemail"],
  phone: ["phone", "phonenumber", "telephone", "tel", "mobile", "cell"],
  source: ["source", "leadsource", "channel", "origin"],
  priority: ["priority"],
  notes: ["notes", "note", "comments", "comment", "description"],
};

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

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
  for (const field of ["phone", "source", "priority", "notes"] as const) if (mapping[field]) result[field] = mapping[field];
  return result;
}
