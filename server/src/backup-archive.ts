import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Header, Pack, Parser, ReadEntry } from "tar";

// A backup is a gzipped POSIX tar, written and read with the tar package (decisions/042); `tar tzf backup.tar.gz`
// lists it and `tar xzf` unpacks it, so an operator can always look inside.

/** One regular file of an archive; the body is read once. */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** Writes the entries, in order, as a .tar.gz at `file` (created; the caller decides about overwriting). */
export async function writeArchive(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  // portable: no owner, group or atime, as the archive moves between machines.
  const pack = new Pack({ gzip: true, portable: true });
  const written = pipeline(pack, createWriteStream(file, { flags: "wx" }));
  try {
    for await (const entry of entries) {
      const header = new Header({ path: entry.name, size: entry.size, mode: 0o644, type: "File", mtime: new Date() });
      const source = new ReadEntry(header);
      pack.add(source);
      let length = 0;
      for await (const chunk of entry.body) {
        length += chunk.length;
        // A file that changed size while being read would shift every later header: refuse it instead.
        if (length > entry.size) break;
        if (!source.write(chunk)) await once(source, "drain");
      }
      if (length !== entry.size) throw new Error(`${entry.name} changed while it was archived (${length}+ bytes, expected ${entry.size})`);
      source.end();
    }
    pack.end();
  } catch (error) {
    // Destroyed with the error, the pack fails the pipeline, which closes the half-written file.
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
  await written;
}

/** Reads a .tar.gz written by writeArchive, handing each regular file to `onEntry`, in order, which must read its body. */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  let sawEntry = false;
  let handled: Promise<void> = Promise.resolve();
  let failure: unknown;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      sawEntry = true;
      // Directories and links are not written by writeArchive: a hand-made archive's are skipped, never followed.
      if (entry.type !== "File" && entry.type !== "OldFile") return void entry.resume();
      // The parser hands out the next entry once this one's body is read; the handler may still be working on it.
      handled = handled.then(async () => {
        if (failure) return void entry.resume();
        let consumed = 0;
        const body = async function* () {
          for await (const chunk of entry as AsyncIterable<Buffer>) {
            consumed += chunk.length;
            yield chunk;
          }
        };
        try {
          await onEntry({ name: entry.path, size: entry.size, body: body() });
        } catch (error) {
          failure = error;
        }
        if (consumed < entry.size) entry.resume();
      });
    },
  });
  // A truncated archive ends without the tar's end blocks: a TAR_BAD_ARCHIVE error in strict mode.
  await pipeline(createReadStream(file), parser);
  await handled;
  if (failure) throw failure;
  if (!sawEntry) throw new Error(`${file} is not a crm backup (no tar header)`);
}
