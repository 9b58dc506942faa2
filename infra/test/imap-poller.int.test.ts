import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { InboundChannel, InboundOutcome, InboundSink } from "../src/mail/inbound.ts";
import { createImapPoller, parseImapUrl, RECORDED_KEYWORD, type ImapPoller } from "../src/mail/imap-poller.ts";
import { EVENTUALLY } from "../testing/eventually.ts";
import { clientMessage } from "../testing/inbound-mail.ts";
import { startImapTestServer, type ImapTestServer } from "../testing/imap-test-server.ts";

/** A message with a Message-ID of its own, as a client's reply would arrive. */
const message = (subject: string) =>
  clientMessage("agency+lead@inbound.example", subject, { from: "Client <client@client.example>", body: `Body of ${subject}` });

const messageIdOf = (raw: Buffer) => /^Message-ID: (.+)$/im.exec(raw.toString("utf8"))?.[1]?.trim() ?? "";

/** A sink that keeps what it is handed (by Message-ID) and answers like the real one: recorded once, then duplicate. */
function recordingSink(behaviour: (id: string, call: number) => Promise<void> | void = () => {}) {
  const handed: string[] = [];
  const recorded = new Set<string>();
  const channels = new Set<InboundChannel>();
  const sink: InboundSink = async (raw, channel): Promise<InboundOutcome> => {
    const id = messageIdOf(raw);
    handed.push(id);
    channels.add(channel);
    const answer: InboundOutcome = recorded.has(id) ? "duplicate" : "recorded";
    recorded.add(id);
    await behaviour(id, handed.filter((h) => h === id).length);
    return answer;
  };
  return { sink, handed, recorded, channels };
}

describe("IMAP poller against Debian's dovecot on loopback", () => {
  let server: ImapTestServer;
  const pollers: ImapPoller[] = [];
  const logs: string[] = [];
  const poller = (sink: InboundSink, url = server.url, extra: { retryBaseMs?: number; retryMaxMs?: number } = {}) => {
    const p = createImapPoller({ url, sink, pollMs: 200, log: (m) => logs.push(m), ...extra });
    pollers.push(p);
    return p;
  };

  beforeAll(async () => {
    server = await startImapTestServer();
  });
  afterEach(async () => {
    for (const p of pollers.splice(0)) await p.stop();
    // Each test starts from a mailbox where everything is handled.
    await poller(async () => "recorded").poll();
    await pollers.pop()!.stop();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("hands, on the connection it kept, a message that arrived after its last poll", async () => {
    const { sink, handed } = recordingSink();
    const p = poller(sink);
    const first = message("before the first poll");
    await server.append(first.raw);
    expect(await p.poll()).toMatchObject({ recorded: 1, failed: 0 });
    const later = message("after the first poll");
    await server.append(later.raw);
    expect(await p.poll()).toMatchObject({ recorded: 1, failed: 0 });
    expect(handed).toEqual([first.id, later.id]);
  });

  it("reads IMAP_URL: scheme, credentials, port and mailbox (INBOX by default)", () => {
    expect(parseImapUrl("imaps://a%40b.example:p%2Fw@imap.example.com/Shared%2FCRM")).toEqual({
      host: "imap.example.com",
      port: 993,
      secure: true,
      user: "a@b.example",
      password: "p/w",
      mailbox: "Shared/CRM",
    });
    expect(parseImapUrl("imap://u:p@127.0.0.1:1143")).toMatchObject({ port: 1143, secure: false, mailbox: "INBOX" });
    expect(() => parseImapUrl("https://u:p@imap.example.com/")).toThrow(/imap:\/\/ or imaps:\/\//);
  });

  it("hands each of three messages once, marks them \\Seen and $CrmRecorded, and a second poll hands none", async () => {
    const sent = [message("one"), message("two"), message("three")];
    const uids: number[] = [];
    for (const m of sent) uids.push(await server.append(m.raw));
    const { sink, handed, channels } = recordingSink();
    const p = poller(sink);

    expect(await p.poll()).toEqual({ recorded: 3, duplicate: 0, discarded: 0, failed: 0 });
    expect(handed).toEqual(sent.map((m) => m.id));
    expect([...channels]).toEqual(["imap"]);
    const flags = await server.flags();
    for (const uid of uids) expect([...flags.get(uid)!].sort()).toEqual([RECORDED_KEYWORD, "\\Seen"].sort());

    expect(await p.poll()).toEqual({ recorded: 0, duplicate: 0, discarded: 0, failed: 0 });
    expect(handed).toHaveLength(3);
  });

  it("runs one poll at a time: two asked at once hand each message once", async () => {
    const sent = [message("concurrent one"), message("concurrent two")];
    for (const m of sent) await server.append(m.raw);
    let inSink = 0;
    let most = 0;
    const { sink, handed } = recordingSink(async () => {
      most = Math.max(most, ++inSink);
      await new Promise((resolve) => setImmediate(resolve));
      inSink--;
    });
    const p = poller(sink);
    const [a, b] = await Promise.all([p.poll(), p.poll()]);
    expect(a.recorded + b.recorded).toBe(2);
    expect(handed).toEqual(sent.map((m) => m.id));
    expect(most).toBe(1);
  });

  it("a message a person already read (\\Seen, no keyword) is still handed", async () => {
    const m = message("read by a person first");
    // A person opened it in a mail client before the poller came by.
    const uid = await server.append(m.raw, ["\\Seen"]);
    const before = (await server.flags()).get(uid)!;
    expect(before.has("\\Seen") && !before.has(RECORDED_KEYWORD)).toBe(true);
    const { sink, handed } = recordingSink();
    expect(await poller(sink).poll()).toMatchObject({ recorded: 1 });
    expect(handed).toEqual([m.id]);
    expect((await server.flags()).get(uid)?.has(RECORDED_KEYWORD)).toBe(true);
  });

  it("a sink that fails for one message leaves it unmarked for the next poll and hands the others", async () => {
    const sent = [message("first"), message("fails once"), message("third")];
    const uids: number[] = [];
    for (const m of sent) uids.push(await server.append(m.raw));
    const { sink, handed, recorded } = recordingSink((id, call) => {
      if (id === sent[1]!.id && call === 1) throw new Error("database unavailable");
    });
    const p = poller(sink);

    expect(await p.poll()).toEqual({ recorded: 2, duplicate: 0, discarded: 0, failed: 1 });
    expect(handed).toEqual(sent.map((m) => m.id));
    expect(logs.some((l) => l.includes(`IMAP message ${uids[1]}`) && l.includes("handed again"))).toBe(true);
    const flags = await server.flags();
    expect(flags.get(uids[0]!)?.has(RECORDED_KEYWORD)).toBe(true);
    expect(flags.get(uids[1]!)?.has(RECORDED_KEYWORD)).toBe(false);
    expect(flags.get(uids[2]!)?.has(RECORDED_KEYWORD)).toBe(true);

    // The sink here records before it throws, as a crash after the write would: the next poll hands
    // the message again and the sink's idempotency answers duplicate.
    expect(await p.poll()).toEqual({ recorded: 0, duplicate: 1, discarded: 0, failed: 0 });
    expect(handed).toEqual([...sent.map((m) => m.id), sent[1]!.id]);
    expect(recorded).toEqual(new Set(sent.map((m) => m.id)));
    expect(await p.poll()).toEqual({ recorded: 0, duplicate: 0, discarded: 0, failed: 0 });
  });

  it("stop() while the sink is slow waits for that message, marks it, and leaves the rest for the next start", async () => {
    const sent = [message("slow"), message("after the stop")];
    for (const m of sent) await server.append(m.raw);
    let release!: () => void;
    let entered!: () => void;
    const inSink = new Promise<void>((resolve) => (entered = resolve));
    const { sink, handed } = recordingSink(async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const first = poller(sink);
    first.start();
    await inSink;
    const stopped = first.stop();
    release();
    await stopped;
    expect(handed).toEqual([sent[0]!.id]);

    // The next start hands only what the stopped one had not finished.
    const next = recordingSink();
    const second = poller(next.sink);
    second.start();
    await vi.waitFor(() => expect(next.handed).toEqual([sent[1]!.id]), EVENTUALLY);
    await second.stop();
    const all = [...handed, ...next.handed];
    expect(all.sort()).toEqual(sent.map((m) => m.id).sort());
  });

  it("retries with back-off while the server is unreachable, then reads the mailbox once it answers", async () => {
    const late = await startImapTestServer();
    const port = late.port;
    await late.stop();
    const { sink, handed } = recordingSink();
    const p = poller(sink, late.url, { retryBaseMs: 50, retryMaxMs: 400 });
    p.start();
    await vi.waitFor(
      () => expect(logs.filter((l) => l.includes(`127.0.0.1:${port}`) && l.includes("retrying")).length).toBeGreaterThanOrEqual(2),
      EVENTUALLY,
    );

    const revived = await startImapTestServer({ port });
    try {
      const m = message("after the outage");
      await revived.append(m.raw);
      await vi.waitFor(() => expect(handed).toEqual([m.id]), EVENTUALLY);
      await p.stop();
      expect((await revived.flags()).get(1)?.has(RECORDED_KEYWORD)).toBe(true);
    } finally {
      await revived.stop();
    }
  });
});
