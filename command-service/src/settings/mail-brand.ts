import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import type { AgencySettings } from "@crm/contracts/settings/settings";
import { foldSettings, logoPath, settingsOf } from "@crm/contracts/settings/state";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { OutgoingMail } from "@crm/infra/mail/mailer";
import { userStreamId } from "@crm/contracts/user/stream";
import type { Brand } from "../messaging/templates/layout.ts";
import { foldRecorded } from "../core/decider.ts";
import { userDecider } from "../user/user.decider.ts";

export interface MailBrandDeps {
  store: EventStore;
  /** MAIL_FROM: the address every mail leaves from, and the agency's name until a Partner sets one. */
  mailFrom: string;
  /** Where the logo is served from, for mail clients (an absolute URL); no logo in mails without it. */
  publicUrl: string | undefined;
  now: () => Date;
}

/** The colleague a mail is from (docs/product.md, "Meetings, mail and SMS"), as their profile stood. */
export interface MailPerson {
  name: string;
  email: string;
  /** Plain text put under the body; "" for none. */
  signature: string;
  /** The zone the mail states its times in: the person's, else the agency's. */
  timeZone: string;
}

/** What a mail takes from the agency's settings: the brand its body shows, and its From name and Reply-To. */
export interface MailBrand {
  brand: Brand;
  sender: Pick<OutgoingMail, "fromName" | "replyTo">;
  /** The person who asked for the mail; null for the agency's own mails (a reset link, an owner notice). */
  person: MailPerson | null;
  /** The agency's time zone, for a mail that no one person sends. */
  timeZone: string;
}

/** The colleague's profile as it stood at the log position (their stream, folded); null for no such colleague. */
async function personAt(store: EventStore, actorId: string, asOf: string | undefined, agencyZone: string): Promise<MailPerson | null> {
  const events = await store.readStream(userStreamId(actorId), asOf ? { toPosition: asOf } : {});
  const state = foldRecorded(userDecider, events);
  if (state.status === "none") return null;
  return { name: state.displayName, email: state.email, signature: state.signature, timeZone: state.timeZone ?? agencyZone };
}

/**
 * The agency's brand and sender for a mail (docs/product.md, "Settings"), from the settings stream
 * as it stands, or as it stood at a log position: a reactor passes its request's, so every attempt
 * and every redelivery of one mail carries the same name, logo and Reply-To.
 *
 * Given the colleague who asked for it (the request's actor), the mail is from them: From reads
 * "{their name} via {agency}", replies go to the agency's reply-to or else to them, and the body
 * takes their signature and time zone, all as their profile stood at the same position.
 */
export async function mailBrand(deps: MailBrandDeps, asOf?: string, actorId?: string): Promise<MailBrand> {
  const events = await deps.store.readStream(SETTINGS_STREAM_ID, asOf ? { toPosition: asOf } : {});
  const state = foldSettings(events);
  const settings = settingsOf(state, events.at(-1)?.streamVersion ?? 0, deps.mailFrom);
  const logoUrl = state.logo && deps.publicUrl ? new URL(logoPath(state.logo), deps.publicUrl).href : null;
  const person = actorId ? await personAt(deps.store, actorId, asOf, state.timeZone) : null;
  const fromName = person ? `${person.name} via ${settings.agencyName}` : state.senderName;
  const replyTo = state.replyTo ?? person?.email ?? null;
  return {
    brand: { name: settings.agencyName, year: deps.now().getUTCFullYear(), logoUrl },
    sender: {
      // Unset, MAIL_FROM goes out as configured: its display name is the default sender name already.
      ...(fromName ? { fromName } : {}),
      ...(replyTo ? { replyTo } : {}),
    },
    person,
    timeZone: state.timeZone,
  };
}

/** The agency's settings as they stand (an unset name is MAIL_FROM's), e.g. its name on the invitation page. */
export async function currentSettings(deps: Pick<MailBrandDeps, "store" | "mailFrom">): Promise<AgencySettings> {
  const events = await deps.store.readStream(SETTINGS_STREAM_ID);
  return settingsOf(foldSettings(events), events.at(-1)?.streamVersion ?? 0, deps.mailFrom);
}
