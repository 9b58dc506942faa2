import { parseCsv } from "@crm/contracts/lead/csv";
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS } from "@crm/contracts/lead/import";

/** A chosen CSV file: its text, its header row and how many data rows follow it. */
export interface LoadedFile {
  name: string;
  text: string;
  headers: string[];
  rows: number;
}

/** Reads the file and its header row; a message instead when it is not usable CSV (docs/product.md, "Limits and constants"). */
export async function loadCsvFile(file: File): Promise<LoadedFile | string> {
  const text = await file.text();
  if (text.length > IMPORT_MAX_CHARS) return `The file is too large: at most ${IMPORT_MAX_CHARS.toLocaleString()} characters.`;
  try {
    const records = parseCsv(text);
    const headers = records[0]?.fields.map((h) => h.trim()).filter(Boolean) ?? [];
    if (headers.length === 0) return "The file has no header row.";
    if (records.length - 1 > IMPORT_MAX_ROWS)
      return `The file has ${records.length - 1} rows; import at most ${IMPORT_MAX_ROWS} at a time.`;
    return { name: file.name, text, headers, rows: records.length - 1 };
  } catch (error) {
    return error instanceof Error ? `The file is not valid CSV. ${error.message}` : "The file is not valid CSV.";
  }
}
