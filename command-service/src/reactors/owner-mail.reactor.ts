import type { RecordedEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { escapeHtml } from "@crm/infra/mail/html";
import { isPermanentMailError, type Mailer } from "@crm/infra/mail/mailer";
import type { Reactor } from "@crm/infra/reactor/reactor-runner";
import { reasonOf, withRetry, type RetryPolicy } from "@crm/infra/reactor/retry";
import { foldRecorded } from "../core/decider.ts";
import { leadDecider } from "../lead/lead.decider.ts";
import { button, layout, textFooter, type Brand, type ComposedMail } from "../messaging/templates/layout.ts";
import { mailBrand } from "../settings/mail-brand.ts";
import { loadUser } from "../user/user-state.ts";
import { mailMessageId } from "./mail.reactor.ts";

export interface OwnerMailReactorDeps {
  store: EventStore;
  mailer: Mailer;
  mailFrom: string;
  /** The app's address: the mail links to the lead's page under it; no link without it. */
  publicUrl?: string | undefined;
  now: () => Date;
  retry: RetryPolicy;
  log?: (message: string, error?: unknown) => void;
}

type OwnerChanged = RecordedEvent & { type: "LeadOwnerChanged" };

export interface OwnerMailInput {
  ownerName: string;
  leadName: string;
  business: string;
  /** `${PUBLIC_URL}/lead/<id>`, or null without PUBLIC_URL. */
  link: string | null;
  brand: Brand;
}

/** "You now own Ada (Lovelace Co)": who the deal is, and a link to it. */
export function composeOwnerMail(input: OwnerMailInput): ComposedMail {
  const { brand } = input;
  const subject = `You now own ${input.leadName} (${input.business})`;
  const what = `The deal with ${input.leadName} from ${input.business} is yours now: you answer for it on the board.`;
  const body = [
    `<p>Hello ${escapeHtml(input.ownerName)},</p>`,
    `<p>${escapeHtml(what)}</p>`,
    ...(input.link ? [button(input.link, "Open the lead")] : []),
    `<p>${escapeHtml(brand.name)}</p>`,
  ].join("\n");
  const text = [
    `Hello ${input.ownerName},`,
    "",
    what,
    ...(input.link ? ["", `Open the lead: ${input.link}`] : []),
    "",
    brand.name,
    textFooter(brand),
  ].join("\n");
  return { subject, html: layout(brand, subject, body), text };
}

/** The lead as it stood at the owner change (its name then); undefined once erased or when it cannot be read. */
async function leadAt(store: EventStore, event: OwnerChanged) {
  const events = await store.readStream(leadStreamId(event.data.leadId));
  if (events.some((e) => e.type === "LeadErased")) return undefined; // nothing goes out about an erased lead (decisions/039)
  const state = foldRecorded(
    leadDecider,
    events.filter((e) => e.streamVersion <= event.streamVersion),
  );
  if (state.status === "open" || state.status === "lost") return state;
  return state.status === "archived" ? state.before : undefined;
}

/**
 * Mails a deal's new owner (docs/product.md, "Deals"), unless they reassigned it to themselves or
 * their account is no longer active. The Message-ID comes from the event's id, so a redelivery after
 * a crash between the send and the checkpoint is the same mail, which mail systems drop as a duplicate.
 */
export function ownerMailReactor(deps: OwnerMailReactorDeps): Reactor {
  const log = deps.log ?? logTo(defaultLogger);
  return {
    name: "owner-mail",
    types: ["LeadOwnerChanged"],
    handles: (event) => event.type === "LeadOwnerChanged" && event.metadata.actor !== event.data.to,
    async handle(recorded) {
      const event = recorded as OwnerChanged;
      const owner = await loadUser(deps.store, event.data.to);
      if (!owner || owner.status !== "active") return;
      const lead = await leadAt(deps.store, event);
      if (!lead) return;
      const { brand, sender } = await mailBrand({ ...deps, publicUrl: deps.publicUrl }, event.position);
      const link = deps.publicUrl ? new URL(`/lead/${event.data.leadId}`, deps.publicUrl).href : null;
      const composed = composeOwnerMail({
        ownerName: owner.displayName,
        leadName: lead.details.name,
        business: lead.details.business,
        link,
        brand,
      });
      const mail = { to: owner.email, ...composed, ...sender, messageId: mailMessageId(event.eventId) };
      const result = await withRetry(() => deps.mailer.send(mail), deps.retry, isPermanentMailError);
      // A notice, not a client's mail: a failure is logged rather than holding back every later owner change.
      if (!result.ok) log(`owner-mail: could not mail ${owner.email} about lead ${event.data.leadId}: ${reasonOf(result.error)}`);
    },
  };
}
