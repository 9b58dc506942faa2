/** One CSV record and the physical line (1-based) it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The text is not CSV (an unterminated quote, or text after a closing quote). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

interface Cursor {
  text: string;
  at: number;
  line: number;
}

/** Reads one field at the cursor; leaves the cursor on the delimiter or line break after it. */
function readField(c: Cursor): string {
  if (c.text[c.at] !== '"') {
    const start = c.at;
    while (c.at < c.text.length && !",\r\n".includes(c.text[c.at]!)) c.at++;
    return c.text.slice(start, c.at);
  }
  const startLine = c.line;
  let value = "";
  c.at++;
  for (;;) {
    const next = c.text.indexOf('"', c.at);
    if (next === -1) throw new CsvSyntaxError(startLine, "a quoted field is never closed");
    const chunk = c.text.slice(c.at, next);
    value += chunk;
    c.line += countLineBreaks(chunk);
    c.at = next + 1;
    if (c.text[c.at] !== '"') break;
    value += '"';
    c.at++;
  }
  if (c.at < c.text.length && !",\r\n".includes(c.text[c.at]!)) throw new CsvSyntaxError(c.line, "text after a closing quote");
  return value;
}

function countLineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** Skips one line break (CRLF, LF or CR) at the cursor, if there is one. */
function skipLineBreak(c: Cursor): boolean {
  if (c.text.startsWith("\r\n", c.at)) c.at += 2;
  else if (c.text[c.at] === "\n" || c.text[c.at] === "\r") c.at += 1;
  else return false;
  c.line++;
  return true;
}

/**
 * A cell a spreadsheet would read as a formula, or whose first character it may act on: one led by
 * `=`, `+`, `-`, `@`, tab or CR (OWASP, "CSV Injection"), or such a cell already led by quotes we
 * add (so that restoring takes off exactly the quote we put on).
 */
const FORMULA_LED = /^'*[=+\-@\t\r]/;

/** The quote that makes Calc and Excel show a cell as text. */
export const TEXT_PREFIX = "'";

/** A value as the export writes it: prefixed with TEXT_PREFIX where a spreadsheet would run or re-read it. */
export function neutraliseCell(value: string): string {
  return FORMULA_LED.test(value) ? TEXT_PREFIX + value : value;
}

/** neutraliseCell undone: the one prefix taken off only where neutraliseCell would have put it on. */
export function restoreCell(cell: string): string {
  return cell.startsWith(TEXT_PREFIX) && FORMULA_LED.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * Parses RFC 4180 CSV: fields separated by commas, records by CRLF (LF and CR accepted too),
 * quoted fields may hold commas, line breaks and doubled quotes. Blank lines are skipped and a
 * leading byte-order mark is ignored. Each field is restored (restoreCell): a file formatCsv wrote
 * reads back as the values it was given.
 */
export function parseCsv(text: string): CsvRecord[] {
  const c: Cursor = { text: text.startsWith("\uFEFF") ? text.slice(1) : text, at: 0, line: 1 };
  const records: CsvRecord[] = [];
  while (c.at < c.text.length) {
    const line = c.line;
    const fields = [readField(c)];
    while (c.text[c.at] === ",") {
      c.at++;
      fields.push(readField(c));
    }
    skipLineBreak(c);
    if (fields.length > 1 || fields[0] !== "") records.push({ line, fields: fields.map(restoreCell) });
  }
  return records;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Formats rows as RFC 4180 CSV with CRLF line ends, quoting fields only where needed, each field
 * neutralised (neutraliseCell) so that a spreadsheet opening the file runs no formula: the one
 * writer of the CSV the app hands out, and parseCsv its reader.
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => {
    const cell = neutraliseCell(value);
    return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  };
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
