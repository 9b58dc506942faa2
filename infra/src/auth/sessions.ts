import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { Queryable } from "../db/database.ts";
import { toRecorded, type EventRow } from "../event-store/event-rows.ts";
import { sessionLookup, type SessionRow } from "./session-lookup.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session used in its second half is extended to a full lifetime again (sliding expiry). */
const RENEW_BEFORE_MS = 15 * DAY_MS;
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export interface Session {
  id: string;
  accountId: string;
  expiresAt: Date;
}

export interface ValidatedSession {
  session: Session;
  email: string;
  /** True when the expiry moved: the cookie must be sent again. */
  renewed: boolean;
  /** The events of the account's own stream, when the store was told its prefix (see sessionStore). */
  accountStream?: RecordedEvent[];
}

export interface SessionStoreOptions {
  /**
   * The prefix of the event stream named after each account (`user-`), when the events live in
   * this same database: validate then reads that stream in the session's own query, one round
   * trip instead of two, as current as a separate read.
   */
  accountStreamPrefix?: string;
}

/** The decoded stream events of a joined session query (none when the stream is empty). */
const accountStreamOf = (rows: SessionRow[]) => rows.flatMap((row) => (row.event_id == null ? [] : [toRecorded(row as EventRow)]));

/** 160 random bits as lower-case base32: the secret the client holds. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * Only this hash is stored, so a leaked sessions table lets nobody sign in. The hex SHA-256 of the
 * token's UTF-8, as the Lucia guide's @oslojs sha256 gives it, in a quarter of the time (node's
 * OpenSSL: ~1 µs against ~4 µs, once per request).
 */
export const sessionIdOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Session storage as in the Lucia guide: create, validate with sliding expiry, revoke. */
export function sessionStore(db: Queryable, now: () => Date, options: SessionStoreOptions = {}) {
  const lookup = sessionLookup(db, options.accountStreamPrefix);
  return {
    async create(accountId: string): Promise<{ token: string; session: Session }> {
      const token = generateSessionToken();
      const session = { id: sessionIdOf(token), accountId, expiresAt: new Date(now().getTime() + SESSION_LIFETIME_MS) };
      await db.query(`DELETE FROM sessions WHERE account_id = $1 AND expires_at <= $2`, [accountId, now().toISOString()]);
      await db.query(`INSERT INTO sessions (id, account_id, expires_at) VALUES ($1, $2, $3)`, [
        session.id,
        accountId,
        session.expiresAt.toISOString(),
      ]);
      return { token, session };
    },

    async validate(token: string): Promise<ValidatedSession | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const id = sessionIdOf(token);
      const rows = await lookup(id);
      const row = rows[0];
      if (!row) return null;
      const session: Session = { id, accountId: row.accountId, expiresAt: new Date(row.expiresAt) };
      const at = now().getTime();
      if (at >= session.expiresAt.getTime()) {
        await db.query(`DELETE FROM sessions WHERE id = $1`, [id]);
        return null;
      }
      const renewed = at >= session.expiresAt.getTime() - RENEW_BEFORE_MS;
      if (renewed) {
        session.expiresAt = new Date(at + SESSION_LIFETIME_MS);
        await db.query(`UPDATE sessions SET expires_at = $2 WHERE id = $1`, [id, session.expiresAt.toISOString()]);
      }
      const validated: ValidatedSession = { session, email: row.email, renewed };
      if (options.accountStreamPrefix !== undefined) validated.accountStream = accountStreamOf(rows);
      return validated;
    },

    async revoke(token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE id = $1`, [sessionIdOf(token)]);
    },

    async revokeAll(accountId: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE account_id = $1`, [accountId]);
    },

    /** Ends every session of the account but the one this token names (a password changed on the Profile page). */
    async revokeAllExcept(accountId: string, token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE account_id = $1 AND id <> $2`, [accountId, sessionIdOf(token)]);
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
