import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertFolderPrefix, assertKey, type FileStorage } from "./file-storage.ts";

/** Files under a folder (DATA_DIR/files by default): written to a .part file, renamed when complete. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key: string, body: Readable) {
      const target = pathOf(key);
      const part = `${target}.part`;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(body, createWriteStream(part, { flags: "wx" }));
        await rename(part, target);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async get(key: string) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    },
    async delete(key: string) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix: string) {
      assertFolderPrefix(prefix);
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
  };
}
