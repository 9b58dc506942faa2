import type { Config } from "@crm/infra/config";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { startInboundSmtp, type InboundSmtpListener } from "@crm/infra/mail/inbound-smtp";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { createInboundSink } from "./record-inbound.ts";

export interface SmtpIntakeOptions {
  config: Pick<Config, "INBOUND_ADDRESS" | "INBOUND_SMTP_PORT" | "INBOUND_SMTP_HOST">;
  store: EventStore;
  storage: FileStorage;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The SMTP listener with the intake's sink, when INBOUND_SMTP_PORT is set (the configuration then
 * requires INBOUND_ADDRESS); undefined without it. It runs beside the commands (main.ts) and closes
 * before the database does.
 */
export async function startSmtpIntake(options: SmtpIntakeOptions): Promise<InboundSmtpListener | undefined> {
  const { INBOUND_ADDRESS: inboundAddress, INBOUND_SMTP_PORT: port, INBOUND_SMTP_HOST: host } = options.config;
  if (port === undefined || !inboundAddress) return undefined;
  const sink = createInboundSink({
    store: options.store,
    storage: options.storage,
    inboundAddress,
    now: options.now,
    ...(options.log ? { log: options.log } : {}),
  });
  return startInboundSmtp({ port, host, inboundAddress, sink, ...(options.log ? { log: options.log } : {}) });
}
