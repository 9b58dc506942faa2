import type { Queryable } from "../db/database.ts";

export interface Account {
  id: string;
  email: string;
  passwordHash: string | null;
}

const COLUMNS = `id, email, password_hash AS "passwordHash"`;

/** Thrown when the email already belongs to an account. */
export class EmailTakenError extends Error {}

/** Credentials storage: accounts and the OIDC identities linked to them. */
export function accountRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<Account | undefined> {
      const { rows } = await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE email = $1`, [email]);
      return rows[0];
    },

    async findById(id: string): Promise<Account | undefined> {
      const { rows } = await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]);
      return rows[0];
    },

    /** Inserts an account; the unique email decides races between two sign-ups. */
    async create(account: Account): Promise<Account> {
      const { rows } = await db.query<Account>(
        `INSERT INTO accounts (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
        [account.id, account.email, account.passwordHash],
      );
      if (!rows[0]) throw new EmailTakenError(account.email);
      return rows[0];
    },

    async findByOidcSubject(issuer: string, subject: string): Promise<Account | undefined> {
      const { rows } = await db.query<Account>(
        `SELECT a.id, a.email, a.password_hash AS "passwordHash" FROM oidc_identities o JOIN accounts a ON a.id = o.account_id
         WHERE o.issuer = $1 AND o.subject = $2`,
        [issuer, subject],
      );
      return rows[0];
    },

    async linkOidcSubject(issuer: string, subject: string, accountId: string): Promise<void> {
      await db.query(`INSERT INTO oidc_identities (issuer, subject, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        issuer,
        subject,
        accountId,
      ]);
    },

    /** Sets a new password hash (a reset, an accepted invitation, a change on the Profile page). */
    async setPassword(accountId: string, passwordHash: string): Promise<void> {
      await db.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [accountId, passwordHash]);
    },

    /** Notes a successful sign-in, for the Team page's "last sign-in". */
    async touchSignIn(accountId: string, at: Date): Promise<void> {
      await db.query(`UPDATE accounts SET last_sign_in_at = $2 WHERE id = $1`, [accountId, at.toISOString()]);
    },

    /** When each of these accounts last signed in (the Team page); accounts that never did are absent. */
    async lastSignIns(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<{ id: string; at: string }>(
        `SELECT id, last_sign_in_at AS at FROM accounts WHERE id = ANY($1::uuid[]) AND last_sign_in_at IS NOT NULL`,
        [ids],
      );
      return new Map(rows.map((r) => [r.id, new Date(r.at).toISOString()]));
    },

    /** Whether an invitation's link for this address is still open (identity/004-account-tokens). */
    async isInvited(email: string): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM account_tokens WHERE purpose = 'invite' AND email = $1 AND used_at IS NULL LIMIT 1`, [
        email,
      ]);
      return rows.length > 0;
    },

    /** Drops the password, e.g. when the owner of the mailbox proves itself through OIDC. */
    async clearPassword(accountId: string): Promise<void> {
      await db.query(`UPDATE accounts SET password_hash = NULL WHERE id = $1`, [accountId]);
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
