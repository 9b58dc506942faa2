import type { Queryable } from "../db/database.ts";
import { generateSessionToken, sessionIdOf } from "./sessions.ts";

/** What a single-use link is for (identity/004-account-tokens). */
export type TokenPurpose = "invite" | "reset";

/** A link's stored row: never the token itself, only its hash as the id. */
export interface AccountToken {
  purpose: TokenPurpose;
  /** The user id the link acts for: an invitation's future account, a reset's account. */
  subjectId: string;
  email: string;
  expiresAt: Date;
}

const COLUMNS = `purpose, subject_id AS "subjectId", email, expires_at AS "expiresAt"`;

/**
 * Single-use links, as the sessions are stored (sessions.ts): 160 random bits as base32 go in the
 * mail, only their SHA-256 is kept. Issuing a link for a subject and purpose retires the earlier
 * ones, so only the newest mail works; spending is one UPDATE, so of two clicks exactly one wins.
 */
export function accountTokens(db: Queryable, now: () => Date) {
  return {
    /** A new link's token, valid for lifetimeMs; the subject's earlier links of this purpose stop working. */
    async issue(purpose: TokenPurpose, subjectId: string, email: string, lifetimeMs: number): Promise<{ token: string; expiresAt: Date }> {
      const token = generateSessionToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + lifetimeMs);
      await db.query(`UPDATE account_tokens SET used_at = $3 WHERE subject_id = $1 AND purpose = $2 AND used_at IS NULL`, [
        subjectId,
        purpose,
        at.toISOString(),
      ]);
      await db.query(`DELETE FROM account_tokens WHERE expires_at <= $1`, [new Date(at.getTime() - 30 * 24 * 3600_000).toISOString()]);
      await db.query(`INSERT INTO account_tokens (id, purpose, subject_id, email, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
        sessionIdOf(token),
        purpose,
        subjectId,
        email,
        expiresAt.toISOString(),
      ]);
      return { token, expiresAt };
    },

    /** The link a token names, while it is unused and unexpired; reading does not spend it. */
    async peek(purpose: TokenPurpose, token: string): Promise<AccountToken | undefined> {
      const { rows } = await db.query<AccountToken>(
        `SELECT ${COLUMNS} FROM account_tokens WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
        [sessionIdOf(token), purpose, now().toISOString()],
      );
      return rows[0] && { ...rows[0], expiresAt: new Date(rows[0].expiresAt) };
    },

    /** Spends the link: answers its row the first time, undefined when unknown, used or expired. */
    async spend(purpose: TokenPurpose, token: string): Promise<AccountToken | undefined> {
      const at = now().toISOString();
      const { rows } = await db.query<AccountToken>(
        `UPDATE account_tokens SET used_at = $3 WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING ${COLUMNS}`,
        [sessionIdOf(token), purpose, at],
      );
      return rows[0] && { ...rows[0], expiresAt: new Date(rows[0].expiresAt) };
    },

    /** Retires every open link of a subject (an invitation withdrawn, an account deactivated). */
    async retire(subjectId: string, purpose?: TokenPurpose): Promise<void> {
      await db.query(
        `UPDATE account_tokens SET used_at = $3 WHERE subject_id = $1 AND ($2::text IS NULL OR purpose = $2) AND used_at IS NULL`,
        [subjectId, purpose ?? null, now().toISOString()],
      );
    },

    /** When each subject's open link of a purpose expires, for the team list. */
    async openExpiries(purpose: TokenPurpose): Promise<Map<string, Date>> {
      const { rows } = await db.query<{ subjectId: string; expiresAt: string }>(
        `SELECT subject_id AS "subjectId", max(expires_at) AS "expiresAt" FROM account_tokens
         WHERE purpose = $1 AND used_at IS NULL GROUP BY subject_id`,
        [purpose],
      );
      return new Map(rows.map((r) => [r.subjectId, new Date(r.expiresAt)]));
    },
  };
}

export type AccountTokens = ReturnType<typeof accountTokens>;
