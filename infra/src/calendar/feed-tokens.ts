import type { Queryable } from "../db/database.ts";
import { generateSessionToken, sessionIdOf } from "../auth/sessions.ts";

/**
 * Personal calendar feed tokens (calendar/001-feeds): 160 random bits as base32 go in the URL, only
 * their SHA-256 is stored. Issuing replaces the account's token, so a renewed-away URL finds
 * nothing; revoking deletes it.
 */
export function calendarFeedTokens(db: Queryable, now: () => Date) {
  return {
    /** A new token for the account; its earlier one, if any, stops working. */
    async issue(accountId: string): Promise<{ token: string; createdAt: string }> {
      const token = generateSessionToken();
      const createdAt = now().toISOString();
      await db.query(
        `INSERT INTO calendar_feeds (account_id, token_hash, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (account_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
        [accountId, sessionIdOf(token), createdAt],
      );
      return { token, createdAt };
    },

    /** Turns the account's feed off. */
    async revoke(accountId: string): Promise<void> {
      await db.query(`DELETE FROM calendar_feeds WHERE account_id = $1`, [accountId]);
    },

    /** Since when the account's feed is on; undefined when it is off. */
    async createdAt(accountId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ createdAt: string | Date }>(
        `SELECT created_at AS "createdAt" FROM calendar_feeds WHERE account_id = $1`,
        [accountId],
      );
      return rows[0] && new Date(rows[0].createdAt).toISOString();
    },

    /** The account a token opens the feed of; undefined for an unknown, renewed-away or revoked token. */
    async accountOf(token: string): Promise<string | undefined> {
      const { rows } = await db.query<{ accountId: string }>(`SELECT account_id AS "accountId" FROM calendar_feeds WHERE token_hash = $1`, [
        sessionIdOf(token),
      ]);
      return rows[0]?.accountId;
    },
  };
}

export type CalendarFeedTokens = ReturnType<typeof calendarFeedTokens>;
