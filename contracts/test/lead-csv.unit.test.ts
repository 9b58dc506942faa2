import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, formatCsv, neutraliseCell, parseCsv, restoreCell } from "../src/lead/csv.ts";

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe("RFC 4180 CSV parser", () => {
  it("splits records on CRLF and LF and fields on commas", () => {
    expect(fieldsOf("a,b,c\r\n1,2,3\n4,,6")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
      ["4", "", "6"],
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'name,notes\r\n"Lovelace, Ada","She said ""hello""\r\nand left"\r\n';
    expect(fieldsOf(text)).toEqual([
      ["name", "notes"],
      ["Lovelace, Ada", 'She said "hello"\r\nand left'],
    ]);
  });

  it("numbers each record by the line it starts on, counting line breaks inside quotes", () => {
    const records = parseCsv('h\r\n"one\ntwo"\r\n\r\nthree\r\n');
    expect(records.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, "h"],
      [2, "one\ntwo"],
      [5, "three"],
    ]);
  });

  it("ignores a byte-order mark, blank lines and a missing final line break", () => {
    expect(fieldsOf("\uFEFFa,b\n\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
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
    const field = fc.string({ unit: fc.constantFrom("a", "Z", " ", ",", '"', "\r", "\n", "é", "=", "+", "-", "@", "\t", "'") });
    const row = fc.array(field, { minLength: 2, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 10 }), (rows) => {
        expect(fieldsOf(formatCsv(rows))).toEqual(rows);
      }),
    );
  });
});

describe("spreadsheet formulas in CSV (OWASP CSV injection)", () => {
  it.each([
    ["=", '=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ["+", "+1+1", "'+1+1"],
    ["-", "-2+3", "'-2+3"],
    ["@", "@SUM(A1)", "'@SUM(A1)"],
    ["tab", "\t=1+1", "'\t=1+1"],
    ["CR", "\r=1+1", `"'\r=1+1"`],
  ])("prefixes a cell led by %s with a quote, so a spreadsheet shows text", (_lead, value, written) => {
    expect(formatCsv([["Name"], [value]])).toBe(`Name\r\n${written}\r\n`);
  });

  it("leaves every other cell as it is, a quote inside or at the end included", () => {
    expect(formatCsv([["a=1", "x+y", "O'Neil", "'quoted'", " =spaced"]])).toBe("a=1,x+y,O'Neil,'quoted', =spaced\r\n");
  });

  it("reads back a negative number and a phone number exactly", () => {
    const csv = formatCsv([
      ["Phone", "Value"],
      ["+1 555 0100", "-5"],
    ]);
    expect(csv).toBe("Phone,Value\r\n'+1 555 0100,'-5\r\n");
    expect(parseCsv(csv).map((r) => r.fields)).toEqual([
      ["Phone", "Value"],
      ["+1 555 0100", "-5"],
    ]);
  });

  it("takes off only the one quote it would have put on", () => {
    expect(restoreCell("'=1+1")).toBe("=1+1");
    expect(restoreCell("''=1+1")).toBe("'=1+1");
    expect(restoreCell("'quoted")).toBe("'quoted");
    expect(restoreCell("'")).toBe("'");
    expect(restoreCell("=1+1")).toBe("=1+1");
  });

  it("keeps a value that itself starts with a quote before a formula character", () => {
    expect(neutraliseCell("'+1")).toBe("''+1");
    expect(parseCsv(formatCsv([["'+1", "'-"]]))[0]!.fields).toEqual(["'+1", "'-"]);
  });

  it("restores any value neutraliseCell wrote, and nothing neutraliseCell would not write", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "a", " ") }), (value) => {
        expect(restoreCell(neutraliseCell(value))).toBe(value);
        expect(neutraliseCell(restoreCell(value)) === value || restoreCell(value) === value).toBe(true);
      }),
    );
  });
});
