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

    /** Drops the password, e.g. when the owner of the mailbox proves itself through OIDC. */
    async clearPassword(accountId: string): Promise<void> {
      await db.query(`UPDATE accounts SET password_hash = NULL WHERE id = $1`, [accountId]);
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
