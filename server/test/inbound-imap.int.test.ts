import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { START_POSITION } from "@crm/infra/event-store/position";
import { RECORDED_KEYWORD, type ImapPoller } from "@crm/infra/mail/imap-poller";
import type { InboundSink } from "@crm/infra/mail/inbound";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { clientMessage } from "@crm/infra/testing/inbound-mail";
import { startImapTestServer, type ImapTestServer } from "@crm/infra/testing/imap-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { imapIntake } from "../src/imap-intake.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";

// Issue 33, item 1 (IMAP) and item 6: a shared mailbox on a real IMAP server (Debian's dovecot on
// loopback, started by the test) polled into the real intake sink: each message lands once, on its
// lead or in the unmatched inbox, also when the poller dies between reading and marking a message,
// or is stopped while the sink is busy with one.

const backends = await availableBackends();
const INBOUND = "replies@inbound.studio.test";

const mail = (to: string, subject: string) => clientMessage(to, subject);
let seq = 0;

/** A delivery status notification (RFC 3464) for a mail we sent the lead, sent to the lead's reply address. */
function bounce(to: string, subject: string): { id: string; raw: string } {
  const id = `<dsn-${++seq}-${Date.now()}@mx.studio.test>`;
  const raw = [
    "From: Mail Delivery System <MAILER-DAEMON@mx.studio.test>",
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${id}`,
    "Date: Fri, 27 Nov 2026 09:02:11 +0000",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    "",
    "--dsn-boundary",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your message could not be delivered to bob@client.example.",
    "",
    "--dsn-boundary",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.studio.test",
    "",
    "Final-Recipient: rfc822; bob@client.example",
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 <bob@client.example>: User unknown",
    "",
    "--dsn-boundary",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Ada Lovelace via Studio <hello@studio.test>",
    "To: bob@client.example",
    "Subject: Your first drafts",
    "Message-ID: <00000000-0000-4000-8000-000000000000@agency-crm>",
    "",
    "--dsn-boundary--",
    "",
  ].join("\r\n");
  return { id, raw };
}

interface Received {
  leadId: string | null;
  matchedBy: string;
  channel: string;
  kind: string;
}

describe.each(backends)("IMAP intake into the event log on %s", (backend) => {
  let imap: ImapTestServer;
  let app: TestApp;
  let asAda: LeadClient;
  let leadId: string;
  const pollers: ImapPoller[] = [];
  /** What the test sent in, and where each should land (a lead's id, or null: the unmatched inbox). */
  const sent = new Map<string, string | null>();

  /** The app's IMAP intake (its real sink), the sink wrapped if asked. */
  const intake = (wrapSink?: (real: InboundSink) => InboundSink): ImapPoller => {
    const { system } = app;
    const options = {
      config: system.config,
      store: system.store,
      storage: openFileStorage(system.config),
      now: system.now,
      log: () => undefined,
    };
    const poller = imapIntake(wrapSink ? { ...options, wrapSink } : options)!;
    pollers.push(poller);
    return poller;
  };

  /** Every InboundEmailReceived in the whole log, by Message-ID. */
  async function receivedByMessageId(): Promise<Map<string, Received[]>> {
    const { events } = await app.system.store.readAllOfTypes({ after: START_POSITION, limit: 100_000, types: ["InboundEmailReceived"] });
    const byId = new Map<string, Received[]>();
    for (const event of events) {
      const { messageId, leadId, matchedBy, channel, kind } = event.data as Received & { messageId: string };
      byId.set(messageId, [...(byId.get(messageId) ?? []), { leadId, matchedBy, channel, kind }]);
    }
    return byId;
  }

  async function append(to: string, subject: string, landsOn: string | null, build = mail) {
    const m = build(to, subject);
    await imap.append(m.raw);
    sent.set(m.id, landsOn);
    return m;
  }

  beforeAll(async () => {
    imap = await startImapTestServer();
    app = await startTestApp(backend, { IMAP_URL: imap.url, INBOUND_ADDRESS: INBOUND });
    asAda = clientFor(app, await signUpAs(app, { role: "Partner", displayName: "Ada Lovelace" }));
    leadId = await asAda.createLead({ name: "Bob Client", business: "Bob Co", email: "bob@client.example" });
  });
  afterAll(async () => {
    try {
      for (const p of pollers) await p.stop();
      await app?.close();
    } finally {
      await imap?.stop();
    }
  });

  it("is off without IMAP_URL", () => {
    const { system } = app;
    const options = {
      config: { ...system.config, IMAP_URL: undefined },
      store: system.store,
      storage: openFileStorage(system.config),
      now: system.now,
    };
    expect(imapIntake(options)).toBeUndefined();
  });

  it("records a reply and a bounce to the lead's reply address on the lead and a stranger's message in the unmatched inbox, once each", async () => {
    const reply = await append(leadReplyAddress(INBOUND, leadId), "Re: your first drafts", leadId);
    const stranger = await append(INBOUND, "A question from nobody we know", null);
    const returned = await append(leadReplyAddress(INBOUND, leadId), "Undelivered Mail Returned to Sender", leadId, bounce);
    const poller = intake();

    expect(await poller.poll()).toEqual({ recorded: 3, duplicate: 0, discarded: 0, failed: 0 });
    expect(await poller.poll()).toEqual({ recorded: 0, duplicate: 0, discarded: 0, failed: 0 });

    await vi.waitFor(async () => {
      const received = await receivedByMessageId();
      expect(received.get(reply.id)).toEqual([{ leadId, matchedBy: "address", channel: "imap", kind: "message" }]);
      expect(received.get(stranger.id)).toEqual([{ leadId: null, matchedBy: "none", channel: "imap", kind: "message" }]);
      // A multipart report comes through the mailbox byte for byte: it is read as the bounce it is.
      expect(received.get(returned.id)).toEqual([{ leadId, matchedBy: "address", channel: "imap", kind: "bounce" }]);
    }, EVENTUALLY);

    // Where staff see them: the lead's conversation and the unmatched inbox.
    await vi.waitFor(async () => {
      const conversation = await asAda.get(`/api/leads/${leadId}/conversation`);
      expect(conversation.status).toBe(200);
      expect(
        (conversation.body as { subject: string; direction: string }[]).filter((e) => e.direction === "in").map((e) => e.subject),
      ).toContain("Re: your first drafts");
      const inbox = await asAda.get("/api/inbox");
      expect((inbox.body as { subject: string }[]).map((m) => m.subject)).toContain("A question from nobody we know");
    }, EVENTUALLY);
  });

  it("killed after recording but before marking: the next poll hands the message again and the log keeps one event", async () => {
    const m = await append(leadReplyAddress(INBOUND, leadId), "Re: the crash", leadId);
    let handed = 0;
    // The real sink records, then the "process dies" before the flag is set.
    const dying = intake((real) => async (raw, channel) => {
      handed++;
      await real(raw, channel);
      throw new Error("killed between recording and marking");
    });
    expect(await dying.poll()).toEqual({ recorded: 0, duplicate: 0, discarded: 0, failed: 1 });
    await dying.stop();

    const restarted = intake((real) => async (raw, channel) => {
      handed++;
      return real(raw, channel);
    });
    expect(await restarted.poll()).toEqual({ recorded: 0, duplicate: 1, discarded: 0, failed: 0 });
    expect(await restarted.poll()).toEqual({ recorded: 0, duplicate: 0, discarded: 0, failed: 0 });
    expect(handed).toBe(2);
    await vi.waitFor(async () => expect((await receivedByMessageId()).get(m.id)).toHaveLength(1), EVENTUALLY);
  });

  it("stopped while the sink is busy: the message in hand is finished, the rest come at the next start", async () => {
    const first = await append(INBOUND, "Slow to record", null);
    const second = await append(leadReplyAddress(INBOUND, leadId), "Re: after the stop", leadId);
    let entered!: () => void;
    let release!: () => void;
    const inSink = new Promise<void>((resolve) => (entered = resolve));
    const slow = intake((real) => async (raw, channel) => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      return real(raw, channel);
    });
    slow.start();
    await inSink;
    const stopped = slow.stop();
    release();
    await stopped;
    await vi.waitFor(async () => expect([...(await receivedByMessageId()).keys()]).toContain(first.id), EVENTUALLY);

    // Only the second was left: the next start records it, and nothing else.
    const next = intake();
    expect(await next.poll()).toEqual({ recorded: 1, duplicate: 0, discarded: 0, failed: 0 });
    await vi.waitFor(async () => expect([...(await receivedByMessageId()).keys()]).toContain(second.id), EVENTUALLY);
  });

  it("every message sent in is in the log exactly once, where it belongs: none lost, none duplicated", async () => {
    /** What the log holds of what was sent; a message still in flight to the log reads as lost until it lands. */
    const tally = async () => {
      const received = await receivedByMessageId();
      const counts = { sent: sent.size, matched: 0, unmatched: 0, misplaced: 0, duplicated: 0, lost: 0 };
      for (const [id, landsOn] of sent) {
        const events = received.get(id) ?? [];
        if (events.length === 0) counts.lost++;
        counts.duplicated += Math.max(0, events.length - 1);
        if (events[0] && events[0].leadId !== landsOn) counts.misplaced++;
        else if (events[0]) counts[landsOn ? "matched" : "unmatched"]++;
      }
      return counts;
    };
    await vi.waitFor(
      async () => expect(await tally()).toEqual({ sent: 6, matched: 4, unmatched: 2, misplaced: 0, duplicated: 0, lost: 0 }),
      EVENTUALLY,
    );
    // Every message in the mailbox is marked: nothing left for a next poll.
    const flags = await imap.flags();
    expect(flags.size).toBe(6);
    for (const set of flags.values()) expect(set.has(RECORDED_KEYWORD)).toBe(true);
  });
});
