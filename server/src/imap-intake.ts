import { createInboundSink } from "@crm/command-service/inbound/record-inbound";
import type { Config } from "@crm/infra/config";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createImapPoller, type ImapPoller } from "@crm/infra/mail/imap-poller";
import type { InboundSink } from "@crm/infra/mail/inbound";
import type { FileStorage } from "@crm/infra/storage/file-storage";

export interface ImapIntakeOptions {
  config: Pick<Config, "INBOUND_ADDRESS" | "IMAP_URL" | "IMAP_POLL_MS">;
  store: EventStore;
  storage: FileStorage;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
  /** Wraps the intake's sink (tests: a sink that dies after recording, or is slow). */
  wrapSink?: (sink: InboundSink) => InboundSink;
}

/**
 * The shared IMAP mailbox's poller (issue 33) with the intake's sink, when IMAP_URL is set (the
 * configuration then requires INBOUND_ADDRESS); undefined without it. Not started: main.ts starts it
 * beside the commands, like the SMTP listener, and stops it before the database closes.
 */
export function imapIntake(options: ImapIntakeOptions): ImapPoller | undefined {
  const { INBOUND_ADDRESS: inboundAddress, IMAP_URL: url, IMAP_POLL_MS: pollMs } = options.config;
  if (!url || !inboundAddress) return undefined;
  const log = options.log ? { log: options.log } : {};
  const sink = createInboundSink({ store: options.store, storage: options.storage, inboundAddress, now: options.now, ...log });
  return createImapPoller({ url, pollMs, sink: options.wrapSink ? options.wrapSink(sink) : sink, ...log });
}
