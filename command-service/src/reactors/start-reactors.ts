import type { Config } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { createGoogleCalendar, googleCalendarSettings } from "@crm/infra/calendar/google-calendar";
import { jitsiLink } from "@crm/infra/calendar/jitsi";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { createMailer } from "@crm/infra/mail/create-mailer";
import type { Mailer } from "@crm/infra/mail/mailer";
import { createReactorRunner, type Reactor } from "@crm/infra/reactor/reactor-runner";
import type { RetryPolicy } from "@crm/infra/reactor/retry";
import { createSmsSender } from "@crm/infra/sms/create-sms-sender";
import type { SmsSender } from "@crm/infra/sms/sms-sender";
import { onboardingProgressReactor } from "../onboarding/onboarding-progress.reactor.ts";
import { calendarReactor } from "./calendar.reactor.ts";
import { inboundReactor } from "./inbound.reactor.ts";
import { mailReactor } from "./mail.reactor.ts";
import { ownerMailReactor } from "./owner-mail.reactor.ts";
import { smsReactor } from "./sms.reactor.ts";

/** Five attempts, 2 s apart at first and doubling: about half a minute before a Failed event. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 2_000 };

export interface ReactorsOptions {
  db: Database;
  store: EventStore;
  config: Config;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
  retry?: RetryPolicy;
  pollMs?: number;
  /** Adapters to use instead of the ones the configuration selects (tests). */
  mailer?: Mailer;
  smsSender?: SmsSender;
}

/** The reactors this configuration needs: mail (clients' and deal owners'), SMS, onboarding and inbound (bounces, RSVPs) always, calendar when Google is configured. */
export function messagingReactors(options: ReactorsOptions): { reactors: Reactor[]; close(): void } {
  const { store, config, now } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const log = options.log ?? logTo(defaultLogger);
  const mailer = options.mailer ?? createMailer(config);
  const sender = options.smsSender ?? createSmsSender(config);
  const reactors: Reactor[] = [
    mailReactor({ store, mailer, mailFrom: config.MAIL_FROM, publicUrl: config.PUBLIC_URL, inboundAddress: config.INBOUND_ADDRESS, now, retry }),
    ownerMailReactor({ store, mailer, mailFrom: config.MAIL_FROM, publicUrl: config.PUBLIC_URL, now, retry, log }),
    smsReactor({ store, sender, now, retry }),
    onboardingProgressReactor({ store, now }),
    inboundReactor({ store, now }),
  ];
  const google = googleCalendarSettings(config);
  if (google) {
    reactors.push(
      calendarReactor({ store, google: createGoogleCalendar(google), jitsiLink: () => jitsiLink(config.JITSI_URL), now, retry, log }),
    );
  }
  return { reactors, close: () => mailer.close() };
}

/**
 * Each reactor run costs a lease claim and a log read whatever it finds: under a stream of
 * commands, reading every 100 ms instead of at every append costs a mail or an SMS 100 ms at most.
 */
const WAKE_COALESCE_MS = 100;

/** Starts every messaging reactor on its own checkpoint; stop() waits for the current step to end. */
export async function startMessagingReactors(options: ReactorsOptions): Promise<{ stop(): Promise<void> }> {
  const { reactors, close } = messagingReactors(options);
  const runners = reactors.map((reactor) =>
    createReactorRunner({
      db: options.db,
      store: options.store,
      reactor,
      coalesceMs: WAKE_COALESCE_MS,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.log ? { log: options.log } : {}),
    }),
  );
  for (const runner of runners) await runner.start();
  return {
    async stop() {
      for (const runner of runners) await runner.stop();
      close();
    },
  };
}
