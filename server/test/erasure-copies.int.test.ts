import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import type { Database } from "@crm/infra/db/database";
import { createPgliteDatabase } from "@crm/infra/db/pglite-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { fakeGoogle } from "@crm/infra/testing/fake-google-storage";
import { availableBackends, createTestDatabase } from "@crm/infra/testing/test-database";
import { backupDataDir } from "../src/backup.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startAppOnDatabase, startTestApp, type TestApp } from "../testing/test-app.ts";
import { upload } from "./creative-helpers.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";
import { submitForLead } from "./questionnaire-helpers.ts";

// Decision 039: after an erasure and its background job, no byte of the lead's personal values is
// left in the database's files (PGlite), a pg_dump (Postgres), the outbox, the file store, or a
// backup taken afterwards. Each scan is first shown to find the values before the erasure.

const backends = await availableBackends();

/** One word from each personal value the lead's data holds; no other data of the tests contains them. */
const PERSONAL = {
  name: "Quisling",
  business: "Hyrule",
  email: "kakariko",
  phone: "737-2468",
  smsNumber: "5557372468",
  notes: "xyzzy",
  answer: "plughwater",
  emailSubject: "zorkmid",
  emailBody: "frobozz",
  smsBody: "fizmo",
  meeting: "gnusto",
  fileContent: "rezrov",
  fileName: "yomin",
  submission: "zifmia",
  task: "filfre",
};
const NEEDLES = Object.values(PERSONAL);

/** Adds every needle found in the bytes, with where; answers the map. */
function found(where: string, bytes: Buffer, into: Map<string, string[]>): Map<string, string[]> {
  for (const needle of NEEDLES) if (bytes.includes(needle)) into.set(needle, [...(into.get(needle) ?? []), where]);
  return into;
}

/** A byte scan of every file under root (whatever its format: heap pages, WAL segments, .eml, uploads). */
function scanTree(root: string, into = new Map<string, string[]>()): Map<string, string[]> {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      found(path.relative(root, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name)), into);
  }
  return into;
}

/** `crm backup` of the stopped app's DATA_DIR, unzipped: the tar of the database folder and the uploads. */
async function backupBytes(dataDir: string): Promise<Buffer> {
  const out = path.join(tmpdir(), `crm-erasure-${process.pid}-${Date.now()}.tar.gz`);
  await backupDataDir({ dataDir, out });
  try {
    return gunzipSync(readFileSync(out));
  } finally {
    rmSync(out, { force: true });
  }
}

const run = promisify(execFile);

/** A plain-text pg_dump of the database, as an operator would take it. */
async function pgDump(url: string): Promise<Buffer> {
  const { stdout } = await run("pg_dump", ["--no-owner", "--format=plain", url], { encoding: "buffer", maxBuffer: 512 * 1024 * 1024 });
  return stdout;
}

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

interface Running {
  app: TestApp;
  reactors: { stop(): Promise<void> };
}

async function start(db: Database, dataDir: string, release: () => Promise<void>, databaseUrl?: string): Promise<Running> {
  const app = await startAppOnDatabase(db, {
    env: { DATA_DIR: dataDir, PUBLIC_URL: "https://crm.example" },
    release,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const { system } = app;
  const reactors = await startMessagingReactors({
    db: system.db,
    store: system.store,
    config: system.config,
    now: system.now,
    pollMs: 100,
    log: () => undefined,
    retry: { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined },
  });
  return { app, reactors };
}

async function stop(running: Running | undefined) {
  await running?.reactors.stop();
  await running?.app.close();
}

/** Writes every kind of personal data the lead can have, and waits for the outbox copies of its messages. */
async function writeLead(app: TestApp, client: LeadClient, director: SignedIn): Promise<string> {
  const created = await client.post("/api/leads", {
    name: "Zelda Quisling",
    business: "Hyrule Crafts",
    email: "zelda@kakariko.example",
    phone: "+1 555-737-2468",
    notes: "likes xyzzy",
  });
  expect(created.status).toBe(201);
  const leadId = created.body.id as string;
  expect((await client.patch(`/api/leads/${leadId}`, { creativeDirectorId: director.user!.id })).status).toBe(200);
  expect(
    (await client.post(`/api/leads/${leadId}/send-email`, { subject: "About the zorkmid", message: "Your frobozz plan" })).status,
  ).toBe(202);
  expect((await client.post(`/api/leads/${leadId}/send-sms`, { message: "Bring the fizmo" })).status).toBe(202);
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const meeting = await client.post("/api/meetings", {
    leadId,
    title: "Call about gnusto",
    meetingType: "in-person",
    location: "Studio",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  expect(meeting.status).toBe(201);
  expect((await submitForLead(app, leadId, { goals: "wants plughwater" })).status).toBe(201);
  const file = await upload(app, director, leadId, "caption", Buffer.from("rezrov caption text"), "yomin.txt", "text/plain");
  expect(file.status).toBe(201);
  const asDirector = clientFor(app, director);
  expect(
    (await asDirector.post("/api/content-submissions", { leadId, type: "caption", title: "Spring zifmia campaign", fileId: file.body.id }))
      .status,
  ).toBe(201);
  expect(
    (await client.post("/api/creative-tasks", { leadId, title: "Design filfre banner", description: "For the filfre launch" })).status,
  ).toBe(201);
  const dataDir = app.system.config.DATA_DIR;
  // The message, the SMS and the meeting's invite.
  await vi.waitFor(
    () => expect([...filesIn(path.join(dataDir, "outbox", "mail")), ...filesIn(path.join(dataDir, "outbox", "sms"))]).toHaveLength(3),
    EVENTUALLY,
  );
  return leadId;
}

async function erase(app: TestApp, client: LeadClient, leadId: string) {
  const erased = await client.post(`/api/leads/${leadId}/erase`, { confirmation: "ERASE" });
  expect(erased.status).toBe(200);
  await app.system.background.idle(); // the compaction the answer did not wait for
}

const outboxAndFiles = (dataDir: string) =>
  ["outbox", "files"].reduce((into, folder) => scanTree(path.join(dataDir, folder), into), new Map<string, string[]>());

describe.runIf(backends.includes("pglite"))("erasure that holds on PGlite in DATA_DIR", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-erasure-"));
  const pgdata = path.join(dataDir, "pglite");
  let running: Running | undefined;
  let leadId: string;
  let partner: SignedIn;
  let currentSegment: string;
  const open = async () => {
    const db = await createPgliteDatabase(pgdata);
    running = await start(db, dataDir, () => db.close());
    return running.app;
  };
  beforeAll(async () => {
    const app = await open();
    partner = await signUpAs(app, { role: "Partner" });
    const director = await signUpAs(app, { role: "Creative Director" });
    leadId = await writeLead(app, clientFor(app, partner), director);
    // A segment's worth of WAL and a checkpoint: the segment that holds the lead's values is
    // recycled under a future name, contents and all, as days of use leave such segments.
    await app.system.db.exec("CREATE TABLE wal_filler AS SELECT g, repeat('w', 1000) AS v FROM generate_series(1, 20000) AS g");
    await app.system.db.exec("DROP TABLE wal_filler");
    await app.system.db.exec("CHECKPOINT");
    const { rows } = await app.system.db.query<{ name: string }>("SELECT pg_walfile_name(pg_current_wal_lsn()) AS name");
    currentSegment = rows[0]!.name;
  });
  afterAll(async () => {
    await stop(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds every personal value in the data folder and in a backup before the erasure", async () => {
    const before = scanTree(dataDir);
    expect([...before.keys()].sort()).toEqual([...NEEDLES].sort());
    expect(before.get(PERSONAL.name)!.some((file) => file.startsWith("pglite/base/"))).toBe(true);
    // A recycled segment, named after the one being written, still holds them.
    expect(before.get(PERSONAL.name)!.some((file) => file.startsWith("pglite/pg_wal/") && path.basename(file) > currentSegment)).toBe(true);
    expect(before.get(PERSONAL.emailBody)!.some((file) => file.startsWith("outbox/mail/"))).toBe(true);
    expect(before.get(PERSONAL.smsBody)!.some((file) => file.startsWith("outbox/sms/"))).toBe(true);
    expect(before.get(PERSONAL.fileContent)!.some((file) => file.startsWith("files/"))).toBe(true);

    await stop(running);
    running = undefined;
    expect([...found("backup", await backupBytes(dataDir), new Map()).keys()].sort()).toEqual([...NEEDLES].sort());
  });

  it("leaves none in the data folder's bytes (database files, WAL, outbox, uploads) after the erasure's job, nor in a backup", async () => {
    const app = await open();
    await erase(app, clientFor(app, partner), leadId);
    expect(Object.fromEntries(scanTree(dataDir))).toEqual({});

    await stop(running);
    running = undefined;
    expect(Object.fromEntries(found("backup", await backupBytes(dataDir), new Map()))).toEqual({});
  });
});

describe.runIf(backends.includes("postgres"))("erasure that holds on Postgres", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-erasure-"));
  let running: Running;
  let url: string;
  let client: LeadClient;
  let leadId: string;
  beforeAll(async () => {
    const database = await createTestDatabase("postgres");
    url = database.url!;
    running = await start(database.db, dataDir, database.drop, url);
    const partner = await signUpAs(running.app, { role: "Partner" });
    const director = await signUpAs(running.app, { role: "Creative Director" });
    client = clientFor(running.app, partner);
    leadId = await writeLead(running.app, client, director);
  });
  afterAll(async () => {
    await stop(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves none in a pg_dump, the outbox or the uploads after the erasure's job; before it, each scan finds them", async () => {
    const before = outboxAndFiles(dataDir);
    found("pg_dump", await pgDump(url), before);
    expect([...before.keys()].sort()).toEqual([...NEEDLES].sort());
    expect(before.get(PERSONAL.name)).toContain("pg_dump");

    await erase(running.app, client, leadId);
    const after = outboxAndFiles(dataDir);
    found("pg_dump", await pgDump(url), after);
    expect(Object.fromEntries(after)).toEqual({});
  });
});

describe("erasure that holds with the uploads in Google Cloud Storage (a loopback stand-in)", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const google = fakeGoogle(publicKey);
  let app: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => google.server.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
    const credentials = { client_email: "crm@p.iam.gserviceaccount.com", private_key: privateKey, token_uri: `${endpoint}/token` };
    app = await startTestApp(backends[0]!, {
      GCS_BUCKET: "bucket-1",
      GCS_API_ENDPOINT: endpoint,
      GCS_CREDENTIALS: JSON.stringify(credentials),
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => google.server.close(resolve));
  });

  it("deletes the lead's objects from the bucket and leaves other leads' alone", async () => {
    const partner = await signUpAs(app, { role: "Partner" });
    const director = await signUpAs(app, { role: "Creative Director" });
    const client = clientFor(app, partner);
    const uploadFor = async (name: string, content: string) => {
      const leadId = await client.createLead({ name });
      expect((await client.patch(`/api/leads/${leadId}`, { creativeDirectorId: director.user!.id })).status).toBe(200);
      const file = await upload(app, director, leadId, "caption", Buffer.from(content), "notes.txt", "text/plain");
      expect(file.status).toBe(201);
      return leadId;
    };
    const erased = await uploadFor("Zelda Quisling", "rezrov caption text");
    const kept = await uploadFor("Otto Other", "other caption text");
    const contents = () => [...google.objects.values()].map((object) => object.toString("utf8")).sort();
    expect(contents()).toEqual(["other caption text", "rezrov caption text"]);

    await erase(app, client, erased);
    expect(contents()).toEqual(["other caption text"]);
    expect([...google.objects.keys()].every((key) => key.startsWith(`leads/${kept}/`))).toBe(true);
  });
});
