import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_FILE } from "@crm/infra/audit/audit-key";
import { loadConfig } from "@crm/infra/config";
import type { Queryable } from "@crm/infra/db/database";
import { createPgliteDatabase } from "@crm/infra/db/pglite-database";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { postgresAvailable } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { backupDataDir, restoreDataDir } from "../../src/backup.ts";
import { openSystem } from "../../src/system.ts";
import { startAppOnDatabase, type TestApp } from "../../testing/test-app.ts";
import { startAppOn } from "./support/app-on.ts";
import { adminSql, databaseUrlNamed } from "./support/postgres-admin.ts";
import { checksumDiff, readModelChecksums, tableChecksums } from "./support/read-model-checksum.ts";
import { waitForReadModels, writeSampleData } from "./support/sample-data.ts";
import { ROOT } from "./support/service-process.ts";

const run = promisify(execFile);
const hasPostgres = await postgresAvailable();

/** Every read-model table and the event store's tables, each as row count and md5 of its rows. */
async function stateChecksums(q: Queryable): Promise<Record<string, string>> {
  return { ...(await readModelChecksums(q)), ...(await tableChecksums(q, ["events", "streams"])) };
}

/** The written sample, summed and with enough in it that an empty restore could not pass for the original. */
async function sampleOf(app: TestApp): Promise<Record<string, string>> {
  await writeSampleData(app);
  await waitForReadModels(app);
  const sums = await stateChecksums(app.system.db);
  expect(Object.entries(sums).filter(([, sum]) => sum === "missing" || sum.startsWith("0:"))).toEqual([]);
  return sums;
}

/** `crm <args>` as the operator runs it, in a process of its own. */
const crm = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", "server/src/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
  });

/** Every file under a folder with its bytes, by relative path. */
async function filesUnder(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of await readdir(root, { recursive: true })) {
    const full = path.join(root, name);
    if ((await stat(full)).isFile()) found[name] = (await readFile(full)).toString("base64");
  }
  return found;
}

describe("crm backup and restore of the embedded store (PGlite)", () => {
  let work: string;
  let source: string;
  let archive: string;
  let original: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "crm-backup-"));
    source = path.join(work, "source");
    archive = path.join(work, "crm.tar.gz");
    await mkdir(path.join(source, "pglite"), { recursive: true });
    const db = await createPgliteDatabase(path.join(source, "pglite"));
    const app = await startAppOnDatabase(db, { env: { DATA_DIR: source }, release: () => db.close(), chain: true });
    try {
      original = await sampleOf(app);
      await app.chain!.settle();
      await app.system.ledger!.checkpoint(); // signed with DATA_DIR's key, which the backup leaves out
    } finally {
      await app.close();
    }
  }, 120_000);
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("restores a backup into a new DATA_DIR whose rebuilt read models, events and uploaded files equal the original", async () => {
    expect(await backupDataDir({ dataDir: source, out: archive })).toMatchObject({ files: 1 });
    const target = path.join(work, "restored");
    // The signing key, kept apart from the backups, is put back first: the one file the restore allows there.
    await mkdir(target);
    await cp(path.join(source, KEY_FILE), path.join(target, KEY_FILE));
    expect(await restoreDataDir({ dataDir: target, from: archive })).toEqual({ files: 1 });
    expect(await filesUnder(path.join(target, "files"))).toEqual(await filesUnder(path.join(source, "files")));

    const system = await openSystem(loadConfig({ NODE_ENV: "test", DATA_DIR: target, LOG_LEVEL: "silent" }));
    try {
      await rebuildProjections({ db: system.db, store: system.store, projections: ALL_PROJECTIONS });
      expect(checksumDiff(await stateChecksums(system.db), original)).toEqual([]);
      const verification = await system.ledger!.verify();
      expect(verification).toMatchObject({ status: "intact", firstBreak: null, checkpoints: { failed: [] } });
      expect(verification.checkpoints.checked).toBeGreaterThan(0);
    } finally {
      await system.close();
    }
  }, 120_000);

  it("refuses to overwrite an existing backup unless forced", async () => {
    const existing = path.join(work, "existing.tar.gz");
    await writeFile(existing, "keep me");
    await expect(backupDataDir({ dataDir: source, out: existing })).rejects.toThrow(/exists; pass --force/);
    expect(await readFile(existing, "utf8")).toBe("keep me");
    await backupDataDir({ dataDir: source, out: existing, force: true });
    expect((await stat(existing)).size).toBeGreaterThan(1_000);
  }, 60_000);

  it("refuses a non-empty DATA_DIR unless forced; forced, it replaces the database and files and keeps the outbox", async () => {
    const target = path.join(work, "occupied");
    await mkdir(path.join(target, "files", "leads", "old"), { recursive: true });
    await writeFile(path.join(target, "files", "leads", "old", "stale"), "not in the backup");
    await mkdir(path.join(target, "outbox", "mail"), { recursive: true });
    await writeFile(path.join(target, "outbox", "mail", "sent.eml"), "Subject: hi");
    await expect(restoreDataDir({ dataDir: target, from: archive })).rejects.toThrow(/is not empty \(files, outbox\)/);

    await restoreDataDir({ dataDir: target, from: archive, force: true });
    expect(Object.keys(await filesUnder(path.join(target, "files")))).toEqual(Object.keys(await filesUnder(path.join(source, "files"))));
    expect(existsSync(path.join(target, "outbox", "mail", "sent.eml"))).toBe(true);
    expect((await readdir(target)).sort()).toEqual(["files", "outbox", "pglite"]);
  }, 60_000);

  it("leaves DATA_DIR as it was when the archive is truncated or not a backup", async () => {
    const target = path.join(work, "kept");
    await restoreDataDir({ dataDir: target, from: archive });
    const before = await filesUnder(target);
    const truncated = path.join(work, "truncated.tar.gz");
    await cp(archive, truncated);
    await truncate(truncated, Math.floor((await stat(archive)).size / 2));
    await expect(restoreDataDir({ dataDir: target, from: truncated, force: true })).rejects.toThrow();
    const stranger = path.join(work, "stranger.tar.gz");
    await run("tar", ["czf", stranger, "-C", source, "files"]);
    await expect(restoreDataDir({ dataDir: target, from: stranger, force: true })).rejects.toThrow(/not a crm backup/);
    expect(await filesUnder(target)).toEqual(before);
  }, 60_000);

  it("refuses to back up or restore over a database that is open", async () => {
    const db = await createPgliteDatabase(path.join(source, "pglite"));
    try {
      await expect(backupDataDir({ dataDir: source, out: path.join(work, "while-open.tar.gz") })).rejects.toThrow(
        /is open \(postmaster.pid\): stop the app/,
      );
      await expect(restoreDataDir({ dataDir: source, from: archive, force: true })).rejects.toThrow(/is open/);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(work, "while-open.tar.gz"))).toBe(false);
  }, 60_000);

  it("crm backup with DATABASE_URL prints the pg_dump path and fails instead of backing anything up", async () => {
    const out = path.join(work, "postgres.tar.gz");
    const answer = await crm(["backup", "--out", out], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(answer).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('pg_dump --format=custom --no-owner --file=crm.dump "$DATABASE_URL"'),
    });
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe.skipIf(!hasPostgres)("the documented pg_dump path (needs Postgres)", () => {
  const suffix = randomBytes(4).toString("hex");
  const sourceUrl = databaseUrlNamed(`backup_helper_source_${suffix}`);
  const restoredUrl = databaseUrlNamed(`backup_helper_restored_${suffix}`);
  let work: string;
  let original: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "crm-pgdump-"));
    await adminSql(`CREATE DATABASE backup_helper_source_${suffix}`);
    const app = await startAppOn(sourceUrl, { chain: true });
    try {
      original = await sampleOf(app);
      await app.chain!.settle();
      await app.system.ledger!.checkpoint(); // signed with DATA_DIR's key, which the backup leaves out
    } finally {
      await app.close();
    }
  }, 120_000);
  afterAll(async () => {
    for (const name of ["source", "restored"]) await adminSql(`DROP DATABASE IF EXISTS backup_helper_${name}_${suffix} WITH (FORCE)`);
    await rm(work, { recursive: true, force: true });
  });

  it("pg_dump, createdb, pg_restore and crm projections rebuild give the same read models and events", async () => {
    const dump = path.join(work, "crm.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, sourceUrl]);
    await run("createdb", [`--maintenance-db=${sourceUrl}`, `backup_helper_restored_${suffix}`]);
    await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);
    const { stdout } = await crm(["projections", "rebuild"], { DATABASE_URL: restoredUrl, DATA_DIR: work });
    expect(stdout).toMatch(/leads.*events in/);

    const db = createPostgresDatabase(restoredUrl);
    try {
      expect(checksumDiff(await stateChecksums(db), original)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
