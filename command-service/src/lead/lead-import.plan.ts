import type { z } from "zod";
import { ApiError, ValidationError } from "@crm/contracts/api/errors";
import { CreateLeadBody, MAX_VALUE_MINOR, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { CsvSyntaxError, parseCsv, type CsvRecord } from "@crm/contracts/lead/csv";
import { IMPORT_MAX_ROWS, type ImportField, type ImportMapping, type ImportRowSets } from "@crm/contracts/lead/import";
import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { parseMoney } from "@crm/contracts/money/money";
import type { Colleague, EmailMatch } from "./lead-lookups.ts";

/** What a row sets with UpdateLead once the lead exists: stage, owner and deal (the decider's own events say so). */
export type RowSettings = Pick<UpdateLeadBody, "stage" | "assignedTo" | "valueMinor" | "expectedCloseOn" | "probability">;

/**
 * What one CSV row will do: create a lead (then set its stage, owner and deal), update the lead with
 * its email, or nothing (error; leadId names the closed lead a duplicate matches). set is what the
 * preview lists.
 */
export type RowPlan =
  | { line: number; action: "create"; email: string; fields: CreateLeadBody; then: RowSettings; set: ImportRowSets }
  | {
      line: number;
      action: "update";
      email: string;
      leadId: string | undefined;
      changes: Omit<UpdateLeadBody, "expectedVersion">;
      set: ImportRowSets;
    }
  | { line: number; action: "error"; reason: string; leadId?: string };

/** The data rows of a CSV file, the column index of each mapped field and the header it was mapped to. */
export interface ParsedImport {
  columns: Partial<Record<ImportField, number>>;
  headers: Partial<Record<ImportField, string>>;
  rows: CsvRecord[];
}

/** What the rows are checked against besides the leads: the colleagues an owner cell may name and the agency's currency. */
export interface PlanContext {
  colleagues: readonly Colleague[];
  currency: string;
}

/** Parses the file and finds the mapped columns: 400 naming csv or mapping.<field>, 413 past the row limit. */
export function readImport(csv: string, mapping: ImportMapping): ParsedImport {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ValidationError([{ field: "csv", message: error.message }], "The CSV could not be read.");
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new ValidationError([{ field: "csv", message: "The CSV has no header row" }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ApiError(413, "Payload too large", `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`);
  }
  return { ...columnsOf(header.fields, mapping), rows };
}

function columnsOf(header: readonly string[], mapping: ImportMapping): Pick<ParsedImport, "columns" | "headers"> {
  const names = header.map((h) => h.trim().toLowerCase());
  const columns: ParsedImport["columns"] = {};
  const headers: ParsedImport["headers"] = {};
  const errors: { field: string; message: string }[] = [];
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (column === undefined) continue;
    const index = names.indexOf(column.trim().toLowerCase());
    if (index === -1) errors.push({ field: `mapping.${field}`, message: `No column "${column}" in the header` });
    else {
      columns[field] = index;
      headers[field] = header[index]!.trim();
    }
  }
  if (errors.length > 0) throw new ValidationError(errors, "The mapping names columns the file does not have.");
  return { columns, headers };
}

/** The non-blank mapped cells of a row, priority lower-cased ("High" means high). */
function cellsOf(row: CsvRecord, columns: ParsedImport["columns"]): Partial<Record<ImportField, string>> {
  const cells: Partial<Record<ImportField, string>> = {};
  for (const [field, index] of Object.entries(columns) as [ImportField, number][]) {
    const value = row.fields[index]?.trim() ?? "";
    if (value !== "") cells[field] = field === "priority" ? value.toLowerCase() : value;
  }
  return cells;
}

/** The issues of a row as one line; the bodies are zod/mini, so their errors are core ones. */
const reasonsOf = (error: z.core.$ZodError) => error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`);

const STAGE_BY_NAME = new Map<string, LeadStageName>(LEAD_STAGES.map((stage) => [stage.toLowerCase(), stage]));
const fold = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Who may own a lead (docs/product.md, "Deals"); the server checks the same on every owner change (checkOwner). */
const mayOwn = (c: Colleague) => c.status === "active" && (c.role === "Partner" || c.role === "Project Manager");

/** The colleague an owner cell names, by email, else by display name; or why none. */
function ownerOf(cell: string, column: string, colleagues: readonly Colleague[]): Colleague | string {
  const wanted = fold(cell);
  const byEmail = colleagues.find((c) => c.email.toLowerCase() === wanted);
  const byName = colleagues.filter((c) => fold(c.name) === wanted);
  const found = byEmail ?? (byName.length === 1 ? byName[0] : undefined);
  if (!found && byName.length > 1) return `owner: several colleagues are called "${cell}" (column "${column}"): name the owner by email`;
  if (!found) return `owner: no colleague "${cell}" (column "${column}"): name the owner by email or display name`;
  if (!mayOwn(found)) return `owner: ${found.name} (column "${column}") cannot own a lead: only active Partners and Project Managers can`;
  return found;
}

/** The stage, owner and deal cells read: what UpdateLead sets, what the preview lists, and the reasons a cell is refused. */
function settingsOf(cells: Partial<Record<ImportField, string>>, parsed: ParsedImport, context: PlanContext) {
  const header = (field: ImportField) => parsed.headers[field] ?? field;
  const reasons: string[] = [];
  const raw: Record<string, unknown> = {};
  const set: ImportRowSets = {};
  if (cells.stage !== undefined) {
    const stage = STAGE_BY_NAME.get(fold(cells.stage));
    if (stage) raw.stage = set.stage = stage;
    else reasons.push(`stage: "${cells.stage}" (column "${header("stage")}") is not a stage: use one of ${LEAD_STAGES.join(", ")}`);
  }
  if (cells.owner !== undefined) {
    const owner = ownerOf(cells.owner, header("owner"), context.colleagues);
    if (typeof owner === "string") reasons.push(owner);
    else {
      raw.assignedTo = owner.id;
      set.owner = { id: owner.id, name: owner.name };
    }
  }
  if (cells.value !== undefined) {
    const minor = parseMoney(cells.value, context.currency);
    if (minor === null || Number.isNaN(minor))
      reasons.push(
        `value: "${cells.value}" (column "${header("value")}") is not an amount in ${context.currency}, such as 1250.50 or 1,250.50`,
      );
    else if (minor > MAX_VALUE_MINOR) reasons.push(`value: "${cells.value}" (column "${header("value")}") is too large`);
    else raw.valueMinor = set.valueMinor = minor;
  }
  if (cells.expectedCloseOn !== undefined) raw.expectedCloseOn = cells.expectedCloseOn;
  if (cells.probability !== undefined) {
    const percent = /^\d{1,3}\s*%?$/.test(cells.probability) ? Number.parseInt(cells.probability, 10) : Number.NaN;
    raw.probability = Number.isNaN(percent) ? cells.probability : percent;
  }
  const checked = UpdateLeadBody.safeParse(raw);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0]) as ImportField;
      reasons.push(`${field}: "${cells[field] ?? ""}" (column "${header(field)}"): ${issue.message}`);
    }
  const settings = checked.success ? (checked.data as RowSettings) : {};
  if (settings.expectedCloseOn) set.expectedCloseOn = settings.expectedCloseOn;
  if (settings.probability !== undefined && settings.probability !== null) set.probability = settings.probability;
  if (cells.source !== undefined) set.source = cells.source;
  return { settings, set, reasons };
}

const CLOSED_MATCH = {
  lost: "email: matches a lost lead (reopen it to update it from a file)",
  archived: "email: matches an archived lead (restore it to update it from a file)",
} as const;

/** The row's own cells as the create or update body reads them: the stage, owner and deal cells are read apart. */
const DEAL_FIELDS = ["stage", "owner", "value", "expectedCloseOn", "probability"] as const satisfies readonly ImportField[];
function detailCells(cells: Partial<Record<ImportField, string>>) {
  const details: Partial<Record<ImportField, string>> = { ...cells };
  for (const field of DEAL_FIELDS) delete details[field];
  return details;
}

/**
 * Decides what each row does. A row whose email belongs to an open lead, or to an earlier row of the
 * same file, updates that lead with its non-blank cells; one whose email belongs to a lost or archived
 * lead is refused as a duplicate of it; any other row creates a lead and then sets its stage, owner and
 * deal. Every bad cell of a row is named in its reason, and a bad row stops no other row.
 */
export function planRows(parsed: ParsedImport, existing: ReadonlyMap<string, EmailMatch>, context: PlanContext): RowPlan[] {
  const pending = new Set<string>();
  return parsed.rows.map((row): RowPlan => {
    const cells = cellsOf(row, parsed.columns);
    const email = cells.email?.toLowerCase();
    if (!email) return { line: row.line, action: "error", reason: "email: Email is required" };
    const match = existing.get(email);
    if (match && match.status !== "open") return { line: row.line, action: "error", reason: CLOSED_MATCH[match.status], leadId: match.id };
    const { settings, set, reasons } = settingsOf(cells, parsed, context);
    if (match || pending.has(email)) {
      const { email: _sameEmail, ...rest } = detailCells(cells);
      const parsedChanges = UpdateLeadBody.safeParse(rest);
      if (!parsedChanges.success) reasons.unshift(...reasonsOf(parsedChanges.error));
      if (!parsedChanges.success || reasons.length > 0) return { line: row.line, action: "error", reason: reasons.join("; ") };
      return { line: row.line, action: "update", email, leadId: match?.id, changes: { ...parsedChanges.data, ...settings }, set };
    }
    const parsedFields = CreateLeadBody.safeParse(detailCells(cells));
    if (!parsedFields.success) reasons.unshift(...reasonsOf(parsedFields.error));
    if (!parsedFields.success || reasons.length > 0) return { line: row.line, action: "error", reason: reasons.join("; ") };
    pending.add(email);
    return { line: row.line, action: "create", email, fields: parsedFields.data, then: settings, set };
  });
}
