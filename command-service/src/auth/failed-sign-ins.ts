import { RetryLaterError } from "@crm/contracts/api/errors";
import type { FailureRun, SignInKeys } from "@crm/infra/auth/sign-in-backoff";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Mailer } from "@crm/infra/mail/mailer";
import { mailBrand } from "../settings/mail-brand.ts";
import type { AuthDeps } from "./auth-deps.ts";
import { composeFailedSignInsMail } from "./failed-sign-ins.mail.ts";

export interface FailedSignInsNotifierDeps {
  /** Called at the first notice: most processes never send one. */
  mailer: () => Mailer;
  /** The settings stream's store: the notice carries the agency's brand and sender. */
  store: EventStore;
  mailFrom: string;
  publicUrl?: string | undefined;
  now: () => Date;
  newId: () => string;
  log: (error: unknown) => void;
}

/**
 * Sends the owner's warning without holding the sign-in's answer: a slower answer at the tenth
 * failure would tell a guesser that the account exists. A lost mail is logged, not retried.
 */
export function failedSignInsNotifier(deps: FailedSignInsNotifierDeps): AuthDeps["notifyFailedSignIns"] {
  return (email: string, run: FailureRun) => {
    const signInUrl = deps.publicUrl ? new URL("/login", deps.publicUrl).href : undefined;
    void mailBrand({ ...deps, publicUrl: deps.publicUrl })
      .then(({ brand, sender }) => {
        const composed = composeFailedSignInsMail({ email, run, signInUrl, brand });
        return deps.mailer().send({ to: email, ...composed, ...sender, messageId: `<${deps.newId()}@agency-crm>` });
      })
      .catch(deps.log);
  };
}

/** The keys an attempt counts against: the email it names (an account or not) and the client's address. */
export const signInKeysOf = (email: string, address: string | undefined): SignInKeys => ({ email, address: address ?? "unknown" });

/** Refuses an attempt while its email or address waits out its backoff; the attempt is not checked. */
export async function admitSignIn(deps: AuthDeps, keys: SignInKeys): Promise<void> {
  const admission = await deps.backoff.admit(keys, deps.now());
  if (admission.allowed) return;
  const seconds = admission.retryAfterSeconds;
  throw new RetryLaterError(
    429,
    "Too many requests",
    `Too many failed sign-ins. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    seconds,
  );
}

/** After a failed attempt: the owner's notice when this run has just reached it (never for an unknown email). */
export async function afterFailedSignIn(deps: AuthDeps, keys: SignInKeys, accountEmail: string | undefined): Promise<void> {
  // Claimed for unknown emails too, so both cost the same statement.
  const run = await deps.backoff.claimNotice(keys, deps.now());
  if (run && accountEmail) deps.notifyFailedSignIns(accountEmail, run);
}
