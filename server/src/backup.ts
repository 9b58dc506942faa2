import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { KEY_FILE } from "@crm/infra/audit/audit-key";
import { dumpPgliteDataDir, loadPgliteDataDir } from "@crm/infra/db/pglite-database";
import { assertKey } from "@crm/infra/storage/file-storage";
import { readArchive, writeArchive, type ArchiveEntry } from "./backup-archive.ts";

// What a backup of the embedded store holds (docs/operations.md): the PGlite data folder (events, read models,
// checkpoints, accounts, sessions) and DATA_DIR/files (uploaded creative files, named by FileUploaded events).
// DATA_DIR/outbox is left out: its .eml and SMS files are copies of messages already delivered, whose state
// (EmailSent, SmsSent) is in the events; nothing reads them back.

const FORMAT = 1;
const MANIFEST = "manifest.json";
const DATABASE = "pglite.tar";
const FILES = "files";

/** A refusal the operator can act on (app running, file exists, folder not empty). */
export class BackupError extends Error {}

export interface BackupSummary {
  bytes: number;
  files: number;
}

/** Writes DATA_DIR's database and uploaded files into one .tar.gz at `out`; the app must be stopped. */
export async function backupDataDir(options: { dataDir: string; out: string; force?: boolean }): Promise<BackupSummary> {
  const pgdata = path.join(options.dataDir, "pglite");
  assertNotOpen(pgdata);
  if (!existsSync(path.join(pgdata, "PG_VERSION"))) throw new BackupError(`No database in ${pgdata}: nothing to back up`);
  if (existsSync(options.out) && !options.force) throw new BackupError(`${options.out} exists; pass --force to overwrite it`);
  const database = await dumpPgliteDataDir(pgdata);
  const files = await listFiles(path.join(options.dataDir, FILES));
  // Written beside the target and renamed when complete, so a failed run never leaves half an archive under its name.
  const part = `${options.out}.part`;
  await rm(part, { force: true });
  try {
    await writeArchive(part, backupEntries(database, options.dataDir, files));
    await rename(part, options.out);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  return { bytes: (await stat(options.out)).size, files: files.length };
}

async function* backupEntries(database: Buffer, dataDir: string, files: FileOnDisk[]): AsyncGenerator<ArchiveEntry> {
  const manifest = Buffer.from(JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString(), files: files.length }, null, 2));
  yield { name: MANIFEST, size: manifest.length, body: [manifest] };
  yield { name: DATABASE, size: database.length, body: [database] };
  for (const file of files) {
    yield { name: `${FILES}/${file.key}`, size: file.size, body: createReadStream(path.join(dataDir, FILES, file.key)) };
  }
}

interface FileOnDisk {
  key: string;
  size: number;
}

/** Every stored file under `root` by storage key; `.part` files are uploads that never completed. */
async function listFiles(root: string): Promise<FileOnDisk[]> {
  if (!existsSync(root)) return [];
  const found: FileOnDisk[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".part")) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push({ key: path.relative(root, full).split(path.sep).join("/"), size: (await stat(full)).size });
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * PGlite is single-writer and takes no OS lock: while open it keeps postmaster.pid in its folder (removed on a
 * clean close), which is the only sign that the app, or any crm command, is using it.
 */
function assertNotOpen(pgdata: string): void {
  if (!existsSync(path.join(pgdata, "postmaster.pid"))) return;
  throw new BackupError(
    `${pgdata} is open (postmaster.pid): stop the app first. If nothing runs on it, the last process stopped ` +
      "without closing it: start the app once and stop it with Ctrl-C, then try again.",
  );
}

export interface RestoreSummary {
  files: number;
}

/** Unpacks a backup into an empty DATA_DIR (or, with force, replaces its database and files); read models not rebuilt. */
export async function restoreDataDir(options: { dataDir: string; from: string; force?: boolean }): Promise<RestoreSummary> {
  if (!existsSync(options.from)) throw new BackupError(`No backup at ${options.from}`);
  const pgdata = path.join(options.dataDir, "pglite");
  assertNotOpen(pgdata);
  await mkdir(options.dataDir, { recursive: true });
  // The signing key may be put back first (docs/operations.md): it is not in the archive, and it stays.
  const present = (await readdir(options.dataDir)).filter((name) => name !== KEY_FILE);
  if (present.length > 0 && !options.force) {
    throw new BackupError(
      `${options.dataDir} is not empty (${present.join(", ")}); restore into an empty folder, or pass --force to replace its database and files`,
    );
  }
  // Everything is unpacked and loaded beside the old data first: a bad archive leaves DATA_DIR as it was.
  const staging = await mkdtemp(path.join(options.dataDir, ".restore-"));
  try {
    const files = await unpack(options.from, staging);
    await replaceWith(staging, options.dataDir);
    return { files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The archive's database loaded into staging/pglite and its files written to staging/files; answers the file count. */
async function unpack(archive: string, staging: string): Promise<number> {
  let manifest: { format?: unknown } | undefined;
  let files = 0;
  let database = false;
  await readArchive(archive, async (entry) => {
    if (!manifest && entry.name !== MANIFEST) throw new BackupError(`${archive} is not a crm backup (no ${MANIFEST} first)`);
    if (entry.name === MANIFEST) {
      manifest = JSON.parse((await collect(entry.body)).toString("utf8")) as { format?: unknown };
      if (manifest.format !== FORMAT)
        throw new BackupError(`${archive} has backup format ${String(manifest.format)}; this crm reads ${FORMAT}`);
    } else if (entry.name === DATABASE) {
      await loadPgliteDataDir(path.join(staging, "pglite"), await collect(entry.body));
      database = true;
    } else if (entry.name.startsWith(`${FILES}/`)) {
      await writeFile(path.join(staging, FILES), entry);
      files++;
    } else {
      throw new BackupError(`${archive} holds an unexpected entry ${entry.name}`);
    }
  });
  if (!database) throw new BackupError(`${archive} holds no database`);
  return files;
}

async function writeFile(root: string, entry: ArchiveEntry): Promise<void> {
  const key = entry.name.slice(FILES.length + 1);
  assertKey(key); // the same rule as the storage: no name in an archive escapes the files folder
  const target = path.join(root, ...key.split("/"));
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(Readable.from(entry.body), createWriteStream(target, { flags: "wx" }));
}

async function collect(body: ArchiveEntry["body"]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/** Moves the staged database and files into DATA_DIR in place of any there; the outbox stays. */
async function replaceWith(staging: string, dataDir: string): Promise<void> {
  for (const name of ["pglite", FILES]) {
    await rm(path.join(dataDir, name), { recursive: true, force: true });
    if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(dataDir, name));
  }
}

/** What `crm backup` prints when DATABASE_URL is set: the pg_dump path (docs/operations.md). */
export const POSTGRES_BACKUP_STEPS = `crm backup copies the embedded store only. With DATABASE_URL set, Postgres holds everything
(events, read models, accounts); back it up with its own tools, which take a consistent snapshot while the app runs:

  pg_dump --format=custom --no-owner --file=crm.dump "$DATABASE_URL"

Restore into a new, empty database on a server whose transaction counter is past the dump's (see docs/operations.md), then rebuild:

  createdb --maintenance-db="$DATABASE_URL" crm_restored
  # RESTORED_DATABASE_URL: DATABASE_URL with crm_restored as the database name
  pg_restore --no-owner --exit-on-error --dbname="$RESTORED_DATABASE_URL" crm.dump
  DATABASE_URL="$RESTORED_DATABASE_URL" npm run crm -- projections rebuild

Uploaded files are in DATA_DIR/files (copy that folder) or in the GCS bucket when GCS_BUCKET is set.
`;
