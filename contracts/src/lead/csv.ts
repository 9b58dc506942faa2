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
 * Parses RFC 4180 CSV: fields separated by commas, records by CRLF (LF and CR accepted too),
 * quoted fields may hold commas, line breaks and doubled quotes. Blank lines are skipped and a
 * leading byte-order mark is ignored.
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
    if (fields.length > 1 || fields[0] !== "") records.push({ line, fields });
  }
  return records;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** Formats rows as RFC 4180 CSV with CRLF line ends, quoting fields only where needed. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((f) => (NEEDS_QUOTES.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(",")).join("\r\n") + "\r\n";
}
