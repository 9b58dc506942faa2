import type { Request } from "express";
import type { User } from "@crm/contracts/user/user";
import { RESET_LIFETIME_MS } from "@crm/contracts/user/user";
import type { AccountTokens } from "@crm/infra/auth/account-tokens";
import type { AccountRepository } from "@crm/infra/auth/accounts";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Mailer } from "@crm/infra/mail/mailer";
import { mailedPageUrl, type AuthDeps } from "./auth-deps.ts";
import { accountMailBrand, composeResetMail } from "./password-reset.mail.ts";

/** What the self-service routes (password reset, profile) need beyond sign-in's. */
export interface SelfServiceDeps extends AuthDeps {
  tokens: AccountTokens;
  /** Mails a reset link to the address's account, if it may have one, after the answer (resetRequester). */
  requestReset: (email: string, resetPage: string | undefined) => void;
  store: EventStore;
  /** Where the reset requests' limit is counted, for every process (password-reset.routes.ts). */
  db: Queryable;
  /** NODE_ENV is production: a link is never built from the Host a request names. */
  production: boolean;
}

export interface ResetRequesterDeps {
  accounts: AccountRepository;
  tokens: AccountTokens;
  resolveUser(accountId: string): Promise<User | null>;
  /** Made at the first mail: most processes never send one. */
  mailer: () => Mailer;
  mailFrom: string;
  /** The agency's settings (the mail's brand and sender) are on this store's settings stream. */
  store: EventStore;
  publicUrl?: string | undefined;
  now: () => Date;
  newId: () => string;
  /** Runs work after the answer has gone (system.background); its failure is logged there. */
  later: (name: string, job: () => Promise<void>) => void;
  warn: (message: string) => void;
}

/** The reset page a mailed link opens (mailedPageUrl); undefined in production without PUBLIC_URL. */
export const resetPageOf = (req: Request, deps: Pick<SelfServiceDeps, "publicUrl" | "production">) =>
  mailedPageUrl(req, deps, "/reset-password");

/** A user who may not get a link: deactivated by a Partner, or invited (the invitation's link is their way in). */
const mayReset = (user: User | null) => user?.status !== "deactivated" && user?.status !== "invited";

/**
 * Answers nothing and does everything after the answer: the lookup, the link and the mail. So the
 * answer is the same, after the same work, whether or not the address has an account; only its
 * owner's mailbox learns it. Issuing a link retires the account's earlier ones (account-tokens.ts).
 */
export function resetRequester(deps: ResetRequesterDeps): SelfServiceDeps["requestReset"] {
  const send = async (email: string, resetPage: string | undefined) => {
    const account = await deps.accounts.findByEmail(email);
    if (!account || !mayReset(await deps.resolveUser(account.id))) return;
    if (!resetPage) return deps.warn("No password-reset link was mailed: set PUBLIC_URL, the address the links in mails point to");
    const { token, expiresAt } = await deps.tokens.issue("reset", account.id, account.email, RESET_LIFETIME_MS);
    const { brand, sender } = await accountMailBrand(deps);
    const mail = composeResetMail({ email: account.email, resetUrl: `${resetPage}#${token}`, expiresAt, brand });
    await deps.mailer().send({ to: account.email, ...mail, ...sender, messageId: `<${deps.newId()}@agency-crm>` });
  };
  return (email, resetPage) => deps.later("password-reset", () => send(email, resetPage));
}
