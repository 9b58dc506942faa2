import { ImapFlow, type MailboxObject } from "imapflow";
import type { InboundOutcome, InboundSink } from "./inbound.ts";

/**
 * The keyword a message gets once the sink has recorded it, with \Seen. A keyword rather than \Seen
 * alone, because people read the shared mailbox too and \Seen is theirs to set; rather than a move to
 * another folder, because one STORE is atomic and needs no folder the account may not create, and the
 * mailbox stays as people know it. The state lives on the server: no local checkpoint, nothing to lose
 * when the app is moved or restored (a mailbox rebuilt without its keywords hands everything again, and
 * the sink's idempotency on the Message-ID answers "duplicate").
 */
export const RECORDED_KEYWORD = "$CrmRecorded";

/** An IMAP_URL read: imap:// or imaps://user:password@host[:port][/MAILBOX], the mailbox INBOX by default. */
export interface ImapTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

export function parseImapUrl(url: string): ImapTarget {
  const u = new URL(url);
  if (u.protocol !== "imap:" && u.protocol !== "imaps:")
    throw new Error(`IMAP_URL must start with imap:// or imaps://, not ${u.protocol}//`);
  if (!u.username) throw new Error("IMAP_URL needs a user: imaps://user:password@host/INBOX");
  const secure = u.protocol === "imaps:";
  const mailbox = decodeURIComponent(u.pathname.replace(/^\//, ""));
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    mailbox: mailbox === "" ? "INBOX" : mailbox,
  };
}

/** What one poll did: the messages handed to the sink, by what it answered, and those it failed on. */
export type PollReport = Record<InboundOutcome, number> & { failed: number };

export interface ImapPollerOptions {
  url: string;
  sink: InboundSink;
  /** Between the end of a poll and the next (IMAP_POLL_MS). */
  pollMs: number;
  /** After a poll that could not reach the mailbox: the first wait, doubled at each failure up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface ImapPoller {
  /** Polls now (after the poll under way, if any: one at a time); rejects when the mailbox cannot be read. */
  poll(): Promise<PollReport>;
  /** Polls at once, then every pollMs, backing off after failures. */
  start(): void;
  /** No new poll; waits for the current one (its message in the sink is finished and marked), then logs out. */
  stop(): Promise<void>;
}

const emptyReport = (): PollReport => ({ recorded: 0, duplicate: 0, discarded: 0, failed: 0 });

/** Keywords need PERMANENTFLAGS to allow them (\* or the keyword itself); where they do not, \Seen alone marks. */
function markOf(mailbox: MailboxObject | false): { flags: string[]; unhandled: { unKeyword: string } | { seen: false } } {
  const allowed = mailbox ? mailbox.permanentFlags : undefined;
  if (!allowed || allowed.has("\\*") || allowed.has(RECORDED_KEYWORD))
    return { flags: ["\\Seen", RECORDED_KEYWORD], unhandled: { unKeyword: RECORDED_KEYWORD } };
  return { flags: ["\\Seen"], unhandled: { seen: false } };
}

/** How long connecting may take before the poll counts as failed (and stop() waits at most for it). */
const CONNECT_TIMEOUT_MS = 30_000;

function newClient(target: ImapTarget, log: (message: string, error?: unknown) => void): ImapFlow {
  const client = new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: { user: target.user, pass: target.password },
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    logger: false,
  });
  // A dropped connection is an 'error' event too: without a listener it would end the process.
  client.on("error", (error: unknown) => log(`IMAP connection to ${target.host}:${target.port} failed`, error));
  return client;
}

/**
 * One pass over the mailbox: each unmarked message, in UID order, to the sink, then marked. Stops
 * between messages when asked; a sink error is counted and logged, and the message stays unmarked.
 */
async function readMailbox(
  imap: ImapFlow,
  mailbox: string,
  sink: InboundSink,
  stopping: () => boolean,
  log: (message: string, error?: unknown) => void,
): Promise<PollReport> {
  const report = emptyReport();
  const lock = await imap.getMailboxLock(mailbox);
  try {
    // A connection kept from the last poll knows only the messages the server has told it of: NOOP
    // lets the server report what arrived since (EXISTS) before the search and the fetches.
    await imap.noop();
    const mark = markOf(imap.mailbox);
    const uids = (await imap.search(mark.unhandled, { uid: true })) || [];
    for (const uid of uids) {
      if (stopping()) break;
      const message = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
      if (!message || !message.source) {
        report.failed++;
        log(`IMAP message ${uid} in ${mailbox} could not be fetched; it is handed again at the next poll`);
        continue;
      }
      let outcome: InboundOutcome;
      try {
        outcome = await sink(message.source, "imap");
      } catch (error) {
        report.failed++;
        log(`IMAP message ${uid} in ${mailbox} was not recorded; it is handed again at the next poll`, error);
        continue;
      }
      await imap.messageFlagsAdd(String(uid), mark.flags, { uid: true });
      report[outcome]++;
    }
  } finally {
    lock.release();
  }
  return report;
}

/**
 * Polls a shared IMAP mailbox (issue 33): each message not yet marked is handed to the sink, and marked
 * (\Seen and RECORDED_KEYWORD) only after the sink resolved. A crash in between hands it again at the
 * next poll, which the sink's idempotency on the Message-ID makes harmless; a sink error leaves it
 * unmarked for the next poll and the other messages go on.
 */
export function createImapPoller(options: ImapPollerOptions): ImapPoller {
  const target = parseImapUrl(options.url);
  const log = options.log ?? (() => {});
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 5 * 60_000;
  let client: ImapFlow | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  async function connected(): Promise<ImapFlow> {
    if (client?.usable) return client;
    client?.close();
    client = newClient(target, log);
    await client.connect();
    return client;
  }

  async function pollOnce(): Promise<PollReport> {
    if (stopping) return emptyReport();
    let imap: ImapFlow;
    try {
      imap = await connected();
    } catch (error) {
      client?.close();
      client = undefined;
      throw error;
    }
    try {
      return await readMailbox(imap, target.mailbox, options.sink, () => stopping, log);
    } catch (error) {
      // The connection is in an unknown state: the next poll opens a new one.
      imap.close();
      client = undefined;
      throw error;
    }
  }

  function poll(): Promise<PollReport> {
    const run = current.then(pollOnce, pollOnce);
    current = run.catch(() => {});
    return run;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        const report = await poll();
        failures = 0;
        if (report.failed > 0) log(`IMAP poll of ${target.mailbox}: ${report.failed} message(s) left for the next poll`);
        schedule(options.pollMs);
      } catch (error) {
        failures++;
        const wait = Math.min(retryBaseMs * 2 ** (failures - 1), retryMaxMs);
        log(`IMAP poll of ${target.host}:${target.port}/${target.mailbox} failed (${failures} in a row); retrying in ${wait} ms`, error);
        schedule(wait);
      }
    }, delayMs);
  }

  return {
    poll,
    start() {
      stopping = false;
      if (!timer) schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
      const last = client;
      client = undefined;
      if (last?.usable) await last.logout().catch(() => last.close());
      else last?.close();
    },
  };
}
