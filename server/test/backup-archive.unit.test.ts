import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readArchive, writeArchive, type ArchiveEntry } from "../src/backup-archive.ts";

const work = mkdtempSync(path.join(tmpdir(), "crm-archive-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const LONG_NAME = `files/leads/${"a".repeat(60)}/${"b".repeat(60)}/brief.txt`;

async function contents(file: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  await readArchive(file, async (entry) => {
    const parts: Buffer[] = [];
    for await (const part of entry.body) parts.push(part);
    found[entry.name] = Buffer.concat(parts).toString("latin1");
  });
  return found;
}

async function* entries(list: ArchiveEntry[]): AsyncGenerator<ArchiveEntry> {
  yield* list;
}

describe("backup archives", () => {
  it("reads a backup written by the hand-written ustar writer that came before the tar package", async () => {
    // handwritten-writer.tar.gz was made by the old server/src/backup-archive.ts: a name split into ustar's prefix, a
    // body across three blocks, an empty file.
    expect(await contents(path.join(import.meta.dirname, "fixtures", "handwritten-writer.tar.gz"))).toEqual({
      "manifest.json": '{"format":1}',
      [LONG_NAME]: "x".repeat(1300),
      "files/empty": "",
    });
  });

  it("reads back what it writes, in order, long names included", async () => {
    const file = path.join(work, "round-trip.tar.gz");
    const body = Buffer.alloc(70_000, "y");
    await writeArchive(
      file,
      entries([
        { name: "manifest.json", size: 2, body: [Buffer.from("{}")] },
        { name: LONG_NAME, size: body.length, body: [body.subarray(0, 1000), body.subarray(1000)] },
        { name: "files/empty", size: 0, body: [] },
      ]),
    );
    const found = await contents(file);
    expect(Object.keys(found)).toEqual(["manifest.json", LONG_NAME, "files/empty"]);
    expect(found[LONG_NAME]).toBe(body.toString("latin1"));
  });

  it("refuses a file whose size changed while it was archived", async () => {
    const grew = [{ name: "files/grew", size: 3, body: [Buffer.from("four")] }];
    await expect(writeArchive(path.join(work, "grew.tar.gz"), entries(grew))).rejects.toThrow(/changed while it was archived/);
    const shrank = [{ name: "files/shrank", size: 5, body: [Buffer.from("four")] }];
    await expect(writeArchive(path.join(work, "shrank.tar.gz"), entries(shrank))).rejects.toThrow(/changed while it was archived/);
  });
});
