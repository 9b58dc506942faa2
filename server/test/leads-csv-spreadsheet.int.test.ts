import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { Lead } from "@crm/contracts/lead/answers";
import { leadsToCsv } from "@crm/contracts/lead/lead-csv";
import { aLead } from "@crm/contracts/testing/lead";

/**
 * The export opened by a real spreadsheet: Debian's LibreOffice Calc (libreoffice-calc-nogui, which
 * .ci/run installs) converts the exported CSV to flat ODF, and no cell of the result may hold a formula.
 */

const run = promisify(execFile);
const SOFFICE = "/usr/bin/soffice";

/** The hostile values, each the contact name of one lead, and what Calc must show for each: the text, quote first. */
const HOSTILE: [value: string, shown: string][] = [
  ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
  ["+1+1", "'+1+1"],
  ["-2+3", "'-2+3"],
  ["@SUM(A1)", "'@SUM(A1)"],
  ["\t=1+1", "'\t=1+1"],
  // A CR inside a cell is a paragraph break in Calc's text: the line shows as "'" then "=2+2".
  ["\r=2+2", "'\n=2+2"],
];

const lead = (name: string, i: number): Lead =>
  aLead({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name,
    business: "Hostile Co",
    email: `h${i}@example.test`,
    phone: "+1 555 0100",
  });

const ENTITIES: Record<string, string> = { "&apos;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };

/** The text a flat ODF cell shows: its paragraphs joined by line breaks, tabs and spaces spelled out. */
function cellText(inner: string): string {
  return [...inner.matchAll(/<text:p>(.*?)<\/text:p>|<text:p\/>/gs)]
    .map(([, p = ""]) =>
      p
        .replaceAll("<text:tab/>", "\t")
        .replaceAll("<text:line-break/>", "\n")
        .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string | undefined) => " ".repeat(Number(n ?? 1)))
        .replace(/&(apos|quot|lt|gt|amp);/g, (entity) => ENTITIES[entity]!),
    )
    .join("\n");
}

describe("the CSV export in LibreOffice Calc", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("runs no formula: every hostile cell is text that shows the quote the export put on", { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "lead-csv-calc-"));
    const profile = await mkdtemp(path.join(tmpdir(), "lo-"));
    dirs.push(dir, profile);
    const file = path.join(dir, "leads.csv");
    await writeFile(
      file,
      leadsToCsv(
        HOSTILE.map(([value], i) => lead(value, i)),
        { currency: "USD", ownerEmail: () => undefined },
      ),
    );
    // CSV filter options: comma, double quote, UTF-8 (76), data from line 1.
    await run(
      SOFFICE,
      [
        "--headless",
        "--norestore",
        `-env:UserInstallation=file://${profile}`,
        "--convert-to",
        "fods",
        "--infilter=CSV:44,34,76,1",
        "--outdir",
        dir,
        file,
      ],
      { timeout: 110_000 },
    );
    const fods = await readFile(path.join(dir, "leads.fods"), "utf8");
    const cells = [...fods.matchAll(/<table:table-cell([^>]*?)(?:\/>|>(.*?)<\/table:table-cell>)/gs)];
    expect(cells.length).toBeGreaterThan(HOSTILE.length);
    expect(cells.filter(([, attributes]) => attributes!.includes("table:formula")).map(([cell]) => cell)).toEqual([]);
    expect(fods).not.toContain("table:formula");
    const texts = cells.map(([, , inner]) => cellText(inner ?? ""));
    for (const [, shown] of HOSTILE) expect(texts).toContain(shown);
    expect(texts).toContain("'+1 555 0100");
  });
});
