import { createReadStream, createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

// A backup is a gzipped POSIX tar (ustar), written and read here in a few lines because no tar package is a
// dependency; `tar tzf backup.tar.gz` lists it and `tar xzf` unpacks it, so an operator can always look inside.

const BLOCK = 512;

/** One regular file of an archive; the body is read once. */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** Writes the entries, in order, as a .tar.gz at `file` (created; the caller decides about overwriting). */
export async function writeArchive(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  await pipeline(Readable.from(tarBlocks(entries)), createGzip(), createWriteStream(file, { flags: "wx" }));
}

async function* tarBlocks(entries: AsyncIterable<ArchiveEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry.name, entry.size);
    let written = 0;
    for await (const chunk of entry.body) {
      written += chunk.length;
      yield chunk;
    }
    // A file that changed size while being read would shift every later header: refuse it instead.
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived (${written} bytes, expected ${entry.size})`);
    yield Buffer.alloc(padding(entry.size));
  }
  yield Buffer.alloc(2 * BLOCK);
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  block.write(rest, 0, 100);
  block.write("0000644\0", 100);
  block.write("0000000\0", 108);
  block.write("0000000\0", 116);
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
  );
  block.write("0", 156);
  block.write("ustar\x0000", 257);
  block.write(prefix, 345, 155);
  // The checksum is computed with its own field read as eight spaces.
  block.write("        ", 148);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

/** ustar keeps names up to 100 bytes, or 255 split at a slash into a prefix and a name. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ["", name];
  const cut = name.lastIndexOf("/", 155);
  if (cut > 0 && Buffer.byteLength(name.slice(cut + 1)) <= 100) return [name.slice(0, cut), name.slice(cut + 1)];
  throw new Error(`Name too long for the archive: ${name}`);
}

/** Reads a .tar.gz written by writeArchive, handing each regular file to `onEntry`, which must read its body. */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const reader = new ByteReader(createReadStream(file).pipe(createGunzip()));
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    if (block.toString("latin1", 257, 262) !== "ustar") throw new Error(`${file} is not a crm backup (no tar header)`);
    const field = (start: number, length: number) => block.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim(), 8);
    let consumed = 0;
    const body = async function* () {
      for await (const chunk of reader.take(size)) {
        consumed += chunk.length;
        yield chunk;
      }
    };
    // Directories and links are not written by writeArchive: a hand-made archive's are skipped, never followed.
    if (["0", ""].includes(field(156, 1))) await onEntry({ name, size, body: body() });
    await reader.skip(size - consumed + padding(size));
  }
}

/** Exact-length reads over a stream of chunks of any size. */
class ByteReader {
  readonly #chunks: AsyncIterator<Buffer>;
  #buffered: Buffer = Buffer.alloc(0);

  constructor(stream: AsyncIterable<Buffer>) {
    this.#chunks = stream[Symbol.asyncIterator]();
  }

  async exactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.take(length)) parts.push(chunk);
    return Buffer.concat(parts);
  }

  async skip(length: number): Promise<void> {
    const parts = this.take(length);
    while (!(await parts.next()).done);
  }

  /** The next `length` bytes as they arrive; an archive that ends before them is truncated. */
  async *take(length: number): AsyncGenerator<Buffer> {
    for (let left = length; left > 0;) {
      if (this.#buffered.length === 0) {
        const next = await this.#chunks.next();
        if (next.done) throw new Error("The archive is truncated");
        this.#buffered = next.value;
      }
      const part = this.#buffered.subarray(0, left);
      this.#buffered = this.#buffered.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}
