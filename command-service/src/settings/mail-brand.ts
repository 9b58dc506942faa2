import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import type { AgencySettings } from "@crm/contracts/settings/settings";
import { foldSettings, logoPath, settingsOf } from "@crm/contracts/settings/state";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { OutgoingMail } from "@crm/infra/mail/mailer";
import type { Brand } from "../messaging/templates/layout.ts";

export interface MailBrandDeps {
  store: EventStore;
  /** MAIL_FROM: the address every mail leaves from, and the agency's name until a Partner sets one. */
  mailFrom: string;
  /** Where the logo is served from, for mail clients (an absolute URL); no logo in mails without it. */
  publicUrl: string | undefined;
  now: () => Date;
}

/** What a mail takes from the agency's settings: the brand its body shows, and its From name and Reply-To. */
export interface MailBrand {
  brand: Brand;
  sender: Pick<OutgoingMail, "fromName" | "replyTo">;
}

/**
 * The agency's brand and sender for a mail (docs/product.md, "Settings"), from the settings stream
 * as it stands, or as it stood at a log position: a reactor passes its request's, so every attempt
 * and every redelivery of one mail carries the same name, logo and Reply-To.
 */
export async function mailBrand(deps: MailBrandDeps, asOf?: string): Promise<MailBrand> {
  const events = await deps.store.readStream(SETTINGS_STREAM_ID, asOf ? { toPosition: asOf } : {});
  const state = foldSettings(events);
  const settings = settingsOf(state, events.at(-1)?.streamVersion ?? 0, deps.mailFrom);
  const logoUrl = state.logo && deps.publicUrl ? new URL(logoPath(state.logo), deps.publicUrl).href : null;
  return {
    brand: { name: settings.agencyName, year: deps.now().getUTCFullYear(), logoUrl },
    sender: {
      // Unset, MAIL_FROM goes out as configured: its display name is the default sender name already.
      ...(state.senderName ? { fromName: state.senderName } : {}),
      ...(state.replyTo ? { replyTo: state.replyTo } : {}),
    },
  };
}

/** The agency's settings as they stand (an unset name is MAIL_FROM's), e.g. its name on the invitation page. */
export async function currentSettings(deps: Pick<MailBrandDeps, "store" | "mailFrom">): Promise<AgencySettings> {
  const events = await deps.store.readStream(SETTINGS_STREAM_ID);
  return settingsOf(foldSettings(events), events.at(-1)?.streamVersion ?? 0, deps.mailFrom);
}
