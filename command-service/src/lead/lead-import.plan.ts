import type { z } from "zod";
import { ApiError, ValidationError } from "@crm/contracts/api/errors";
import { CreateLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { CsvSyntaxError, parseCsv, type CsvRecord } from "@crm/contracts/lead/csv";
import { IMPORT_MAX_ROWS, type ImportField, type ImportMapping } from "@crm/contracts/lead/import";

/** What one CSV row will do: create a lead, update the lead with its email, or nothing (error). */
export type RowPlan =
  | { line: number; action: "create"; email: string; fields: CreateLeadBody }
  | { line: number; action: "update"; email: string; leadId: string | undefined; changes: Omit<UpdateLeadBody, "expectedVersion"> }
  | { line: number; action: "error"; reason: string };

/** The data rows of a CSV file and the column index of each mapped field. */
export interface ParsedImport {
  columns: Partial<Record<ImportField, number>>;
  rows: CsvRecord[];
}

/** Parses the file and finds the mapped columns: 400 naming csv or mapping.<field>, 413 past the row limit. */
export function readImport(csv: string, mapping: ImportMapping): ParsedImport {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ValidationError([{ field: "csv", message: error.message }], "The CSV could not be read.");
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new ValidationError([{ field: "csv", message: "The CSV has no header row" }]);
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ApiError(413, "Payload too large", `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`);
  }
  return { columns: columnsOf(header.fields, mapping), rows };
}

function columnsOf(header: readonly string[], mapping: ImportMapping): ParsedImport["columns"] {
  const names = header.map((h) => h.trim().toLowerCase());
  const columns: ParsedImport["columns"] = {};
  const errors: { field: string; message: string }[] = [];
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (column === undefined) continue;
    const index = names.indexOf(column.trim().toLowerCase());
    if (index === -1) errors.push({ field: `mapping.${field}`, message: `No column "${column}" in the header` });
    else columns[field] = index;
  }
  if (errors.length > 0) throw new ValidationError(errors, "The mapping names columns the file does not have.");
  return columns;
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
const reasonOf = (error: z.core.$ZodError) => error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ");

/**
 * Decides what each row does. A row whose email belongs to an existing lead, or to an earlier row
 * of the same file, updates that lead with its non-blank cells; any other row creates a lead.
 */
export function planRows(parsed: ParsedImport, existing: ReadonlyMap<string, string>): RowPlan[] {
  const seen = new Map(existing);
  const pending = new Set<string>();
  return parsed.rows.map((row): RowPlan => {
    const cells = cellsOf(row, parsed.columns);
    const email = cells.email?.toLowerCase();
    if (!email) return { line: row.line, action: "error", reason: "email: Email is required" };
    if (seen.has(email) || pending.has(email)) {
      const { email: _sameEmail, ...rest } = cells;
      const parsedChanges = UpdateLeadBody.safeParse(rest);
      if (!parsedChanges.success) return { line: row.line, action: "error", reason: reasonOf(parsedChanges.error) };
      return { line: row.line, action: "update", email, leadId: seen.get(email), changes: parsedChanges.data };
    }
    const parsedFields = CreateLeadBody.safeParse(cells);
    if (!parsedFields.success) return { line: row.line, action: "error", reason: reasonOf(parsedFields.error) };
    pending.add(email);
    return { line: row.line, action: "create", email, fields: parsedFields.data };
  });
}
