import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, formatCsv, parseCsv } from "../src/lead/csv.ts";

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe("RFC 4180 CSV parser", () => {
  it("splits records on CRLF and LF and fields on commas", () => {
    expect(fieldsOf("a,b,c\r\n1,2,3\n4,,6")).toEqual([["a", "b", "c"], ["1", "2", "3"], ["4", "", "6"]]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'name,notes\r\n"Lovelace, Ada","She said ""hello""\r\nand left"\r\n';
    expect(fieldsOf(text)).toEqual([["name", "notes"], ["Lovelace, Ada", 'She said "hello"\r\nand left']]);
  });

  it("numbers each record by the line it starts on, counting line breaks inside quotes", () => {
    const records = parseCsv('h\r\n"one\ntwo"\r\n\r\nthree\r\n');
    expect(records.map((r) => [r.line, r.fields[0]])).toEqual([[1, "h"], [2, "one\ntwo"], [5, "three"]]);
  });

  it("ignores a byte-order mark, blank lines and a missing final line break", () => {
    expect(fieldsOf("\uFEFFa,b\n\n1,2")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("keeps empty quoted fields and trailing empty fields", () => {
    expect(fieldsOf('a,"",c,\n')).toEqual([["a", "", "c", ""]]);
  });

  it("refuses an unterminated quote, naming the line it starts on", () => {
    expect(() => parseCsv('a\n"never closed\nmore')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"never closed\nmore')).toThrow(/Line 2/);
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('"abc"def,1')).toThrow(/text after a closing quote/);
  });

  it("reads back whatever formatCsv writes", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "Z", " ", ",", '"', "\r", "\n", "é") });
    const row = fc.array(field, { minLength: 2, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 10 }), (rows) => {
        expect(fieldsOf(formatCsv(rows))).toEqual(rows);
      }),
    );
  });
});
