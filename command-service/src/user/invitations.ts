import type { Request } from "express";
import { ApiError } from "@crm/contracts/api/errors";
import { users } from "@crm/contracts/read-models/users";
import type { UserRole } from "@crm/contracts/user/user";
import { accountRepository } from "@crm/infra/auth/accounts";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Mailer } from "@crm/infra/mail/mailer";
import type { CommandDeps } from "../core/command-context.ts";
import { mailedPageUrl } from "../auth/auth-deps.ts";
import { mailBrand } from "../settings/mail-brand.ts";
import { composeInviteMail } from "./invite.mail.ts";
import { loadUser } from "./user-state.ts";

/** What the Partner's invitation commands need; the composition root (server/src/identity.ts) builds it. */
export interface InvitationDeps extends CommandDeps {
  store: EventStore;
  db: Database;
  /** Made at the first mail: most processes never send one. */
  mailer: () => Mailer;
  mailFrom: string;
  publicUrl?: string | undefined;
  /** NODE_ENV is production: a link is never built from the Host a request names. */
  production: boolean;
  /** Where a mail that could not be sent is logged (the answer says so too). */
  logMailFailure?: (error: unknown) => void;
}

/** An invitation as the mail needs it. */
export interface Invitation {
  userId: string;
  email: string;
  displayName: string;
  role: UserRole;
  invitedBy: string | null;
}

const emailTaken = (email: string, why: string) =>
  new ApiError(409, "Conflict", why, [{ field: "email", message: why.replace(email, "This address") }]);

/**
 * Refuses an address that already has an account or an open invitation. The invitation tokens are
 * written before the event, so a second click is refused even before the projector has caught up;
 * the read model covers an invitation whose token was swept long after it expired.
 */
export async function assertEmailFree(deps: Pick<InvitationDeps, "db">, email: string): Promise<void> {
  const accounts = accountRepository(deps.db);
  if (await accounts.findByEmail(email)) throw emailTaken(email, `${email} already has an account.`);
  if ((await accounts.isInvited(email)) || (await invitedInReadModel(deps.db, email)))
    throw emailTaken(email, `${email} has already been invited: send the invitation again from the Team page instead.`);
}

async function invitedInReadModel(db: Database, email: string): Promise<boolean> {
  const { rows: table } = await db.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${users.name}`]);
  if (table[0]?.found !== true) return false;
  const { rows } = await db.query(`SELECT 1 FROM public.${users} WHERE email = $1 AND status = 'invited' LIMIT 1`, [email]);
  return rows.length > 0;
}

/**
 * The invitation page a mailed link opens (mailedPageUrl), asked before anything is stored: in
 * production without PUBLIC_URL no link can be mailed, so nothing is invited (503).
 */
export function invitePageOf(req: Request, deps: Pick<InvitationDeps, "publicUrl" | "production">): string {
  const page = mailedPageUrl(req, deps, "/invite");
  if (!page) throw new ApiError(503, "Service unavailable", "Invitations need PUBLIC_URL, the address the links in mails point to.");
  return page;
}

/**
 * Mails the link and waits for the mailer to take it. The invitation is already stored: a failure
 * answers 502 saying so, and "Send again" (renew) issues a new link and tries again.
 */
export async function mailInvitation(deps: InvitationDeps, invitePage: string, invitation: Invitation, token: string, expiresAt: Date) {
  const inviter = invitation.invitedBy ? await loadUser(deps.store, invitation.invitedBy) : null;
  const { brand, sender } = await mailBrand({ ...deps, publicUrl: deps.publicUrl }); // the agency's settings
  const composed = composeInviteMail({
    displayName: invitation.displayName,
    role: invitation.role,
    inviterName: inviter?.displayName ?? null,
    link: `${invitePage}#${token}`,
    expiresAt,
    brand,
  });
  try {
    await deps.mailer().send({ to: invitation.email, ...composed, ...sender, messageId: `<${deps.newId()}@agency-crm>` });
  } catch (error) {
    (deps.logMailFailure ?? console.error)(error);
    throw new ApiError(
      502,
      "Mail not sent",
      `The invitation for ${invitation.email} is saved, but its email could not be sent. Try "Send again" on the Team page in a moment.`,
    );
  }
}
