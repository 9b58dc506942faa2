import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { START_POSITION } from "@crm/infra/event-store/position";
import { RECORDED_KEYWORD, type ImapPoller } from "@crm/infra/mail/imap-poller";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { clientMessage } from "@crm/infra/testing/inbound-mail";
import { startImapTestServer, type ImapTestServer } from "@crm/infra/testing/imap-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { imapIntake } from "../src/imap-intake.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor } from "./leads-helpers.ts";

// Issue 33, item 6 and the IMAP test: the poller's process is killed (SIGKILL, no clean-up) between
// reading a message and recording it, and between recording it and marking it in the mailbox. The
// next poll, in another process, leaves exactly one InboundEmailReceived per message: none lost,
// none twice. Postgres only: the killed process and the test share the database.

const backends = await availableBackends();
const INBOUND = "replies@inbound.studio.test";
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "support", "imap-intake-child.ts");

describe.skipIf(!backends.includes("postgres"))("the IMAP intake killed mid-message, on postgres", () => {
  let imap: ImapTestServer;
  let app: TestApp;
  let leadId: string;
  let survivor: ImapPoller;
  const children: ChildProcess[] = [];

  /** How many InboundEmailReceived the whole log holds for a Message-ID. */
  async function recordedCount(messageId: string): Promise<number> {
    const { events } = await app.system.store.readAllOfTypes({ after: START_POSITION, limit: 100_000, types: ["InboundEmailReceived"] });
    return events.filter((e) => (e.data as { messageId: string }).messageId === messageId).length;
  }

  /** Starts the intake in its own process and resolves once it printed `line`, then kills it with SIGKILL. */
  async function killAt(pause: "before" | "after", line: string): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, pause], {
      cwd: path.resolve(path.dirname(CHILD), "..", "..", ".."),
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: app.databaseUrl!,
        DATA_DIR: app.system.config.DATA_DIR,
        IMAP_URL: imap.url,
        INBOUND_ADDRESS: INBOUND,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    for await (const said of createInterface({ input: child.stdout! })) {
      if (said === line) break;
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
  }

  beforeAll(async () => {
    imap = await startImapTestServer();
    app = await startTestApp("postgres", { IMAP_URL: imap.url, INBOUND_ADDRESS: INBOUND });
    const ada = clientFor(app, await signUpAs(app, { role: "Partner", displayName: "Ada Lovelace" }));
    leadId = await ada.createLead({ name: "Bob Client", business: "Bob Co", email: "bob@client.example" });
    const { system } = app;
    survivor = imapIntake({ config: system.config, store: system.store, storage: openFileStorage(system.config), now: system.now })!;
  }, 60_000);
  afterAll(async () => {
    try {
      for (const child of children) child.kill("SIGKILL");
      await survivor?.stop();
      await app?.close();
    } finally {
      await imap?.stop();
    }
  });

  it("killed after reading a message but before recording it: the next poll records it, once", async () => {
    const m = clientMessage(leadReplyAddress(INBOUND, leadId), "Re: killed before recording");
    const uid = await imap.append(m.raw);
    await killAt("before", "read");
    expect(await recordedCount(m.id)).toBe(0);
    expect((await imap.flags()).get(uid)?.has(RECORDED_KEYWORD)).toBe(false);

    expect(await survivor.poll()).toMatchObject({ recorded: 1, duplicate: 0, failed: 0 });
    await vi.waitFor(async () => expect(await recordedCount(m.id)).toBe(1), EVENTUALLY);
    expect((await imap.flags()).get(uid)?.has(RECORDED_KEYWORD)).toBe(true);
  }, 60_000);

  it("killed after recording a message but before marking it: the next poll finds it recorded, and the log keeps one", async () => {
    const m = clientMessage(leadReplyAddress(INBOUND, leadId), "Re: killed before marking");
    const uid = await imap.append(m.raw);
    await killAt("after", "recorded recorded");
    await vi.waitFor(async () => expect(await recordedCount(m.id)).toBe(1), EVENTUALLY);
    expect((await imap.flags()).get(uid)?.has(RECORDED_KEYWORD)).toBe(false);

    expect(await survivor.poll()).toMatchObject({ recorded: 0, duplicate: 1, failed: 0 });
    expect(await recordedCount(m.id)).toBe(1);
    expect((await imap.flags()).get(uid)?.has(RECORDED_KEYWORD)).toBe(true);
  }, 60_000);
});
