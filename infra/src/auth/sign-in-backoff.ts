import type { Database, Queryable } from "../db/database.ts";

/** How a key's failures in a row slow its next attempt down (decisions/040). */
export interface BackoffShape {
  /** Failures in a row that cost nothing. */
  free: number;
  /** The wait after the first failure past `free`; each further failure doubles it. */
  baseMs: number;
  capMs: number;
  /** A key with no attempt for this long starts a new run of failures. */
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Per email (known or not): after 3 failures 1 s, 2 s, 4 s … 15 minutes; a success resets it. */
export const ACCOUNT_BACKOFF: BackoffShape = { free: 3, baseMs: 1000, capMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR };
/**
 * Per client address, against one address guessing across many accounts. An office behind one
 * address shares it, so it allows more; a success does not reset it (an attacker's own account
 * would), it only takes back that attempt.
 */
export const ADDRESS_BACKOFF: BackoffShape = { free: 20, baseMs: 1000, capMs: 15 * MINUTE, forgetAfterMs: HOUR };
/** Failures in a row after which the account's owner is told, once per run. */
export const NOTIFY_OWNER_AT = 10;
/** The addresses a run remembers for the owner's mail. */
const MAX_ADDRESSES = 10;

/** How long after its last attempt a key with this many failures in a row must wait. */
export function waitAfter(failures: number, shape: BackoffShape): number {
  if (failures < shape.free) return 0;
  return Math.min(shape.capMs, shape.baseMs * 2 ** Math.min(failures - shape.free, 40));
}

export interface SignInKeys {
  /** The email the attempt names, lower-cased: whether or not an account has it. */
  email: string;
  address: string;
}

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What the owner's mail says: this run's failures, since when, from where. */
export interface FailureRun {
  failures: number;
  since: Date;
  addresses: string[];
}

interface Row {
  key: string;
  failures: number;
  last_attempt_at: string;
  first_failed_at: string | null;
  addresses: string[];
  notified_at: string | null;
}

const emailKey = (keys: SignInKeys) => `email:${keys.email}`;
const addressKey = (keys: SignInKeys) => `ip:${keys.address}`;
const shapeOf = (key: string) => (key.startsWith("ip:") ? ADDRESS_BACKOFF : ACCOUNT_BACKOFF);
/** Rows are forgotten after the longest forgetAfterMs. */
const SWEEP_AFTER_MS = Math.max(ACCOUNT_BACKOFF.forgetAfterMs, ADDRESS_BACKOFF.forgetAfterMs);
const SWEEP_EVERY = 256;

/** The row as the new attempt sees it: a run left alone for forgetAfterMs starts again. */
function current(row: Row, at: number): Row {
  const idle = at - new Date(row.last_attempt_at).getTime();
  return idle >= shapeOf(row.key).forgetAfterMs ? { ...row, failures: 0, first_failed_at: null, addresses: [], notified_at: null } : row;
}

/** What is left of the row's wait; never more than the wait itself, should a clock have gone back. */
function retryAfterMs(row: Row, at: number): number {
  const wait = waitAfter(row.failures, shapeOf(row.key));
  return Math.min(wait, new Date(row.last_attempt_at).getTime() + wait - at);
}

async function countAttempt(tx: Queryable, row: Row, keys: SignInKeys, at: Date) {
  const addresses =
    row.key.startsWith("email:") && !row.addresses.includes(keys.address) && row.addresses.length < MAX_ADDRESSES
      ? [...row.addresses, keys.address]
      : row.addresses;
  await tx.query(
    `UPDATE sign_in_failures SET failures = $2, last_attempt_at = $3, first_failed_at = $4, addresses = $5, notified_at = $6 WHERE key = $1`,
    [row.key, row.failures + 1, at.toISOString(), row.first_failed_at ?? at.toISOString(), addresses, row.notified_at],
  );
}

/**
 * Failed sign-ins in a row per email and per client address, in the database so that every
 * command-service process sees the same counts. An admitted attempt counts as a failure at once
 * (concurrent guesses cannot all slip through before the first fails) and a success takes it back.
 */
export function signInBackoff(db: Database) {
  let admitted = 0;
  /** Forgets keys idle for longer than any run lasts. */
  const sweep = async (at: Date) => {
    await db.query(`DELETE FROM sign_in_failures WHERE last_attempt_at < $1`, [new Date(at.getTime() - SWEEP_AFTER_MS).toISOString()]);
  };
  return {
    /** Admits the attempt, counting it, or says how long to wait; a refused attempt is not counted. */
    async admit(keys: SignInKeys, at: Date): Promise<Admission> {
      if (++admitted % SWEEP_EVERY === 0) await sweep(at);
      const names = [emailKey(keys), addressKey(keys)].sort();
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO sign_in_failures (key, last_attempt_at) SELECT k, $2 FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT (key) DO NOTHING`,
          [names, at.toISOString()],
        );
        const { rows } = await tx.query<Row>(
          `SELECT key, failures, last_attempt_at, first_failed_at, addresses, notified_at FROM sign_in_failures WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
          [names],
        );
        const seen = rows.map((row) => current(row, at.getTime()));
        const waitMs = Math.max(0, ...seen.map((row) => retryAfterMs(row, at.getTime())));
        if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
        for (const row of seen) await countAttempt(tx, row, keys, at);
        return { allowed: true };
      });
    },

    /** The attempt succeeded: the email's run ends, and the address gets this attempt back. */
    async succeeded(keys: SignInKeys): Promise<void> {
      await db.query(`DELETE FROM sign_in_failures WHERE key = $1`, [emailKey(keys)]);
      await db.query(`UPDATE sign_in_failures SET failures = GREATEST(failures - 1, 0) WHERE key = $1`, [addressKey(keys)]);
    },

    /** Ends the email's run of failures (its owner proved the mailbox and set a new password); the address keeps its count. */
    async endRun(email: string): Promise<void> {
      await db.query(`DELETE FROM sign_in_failures WHERE key = $1`, [emailKey({ email, address: "" })]);
    },

    /**
     * After a failure: the run, when it has reached NOTIFY_OWNER_AT and nobody has claimed its
     * notice yet. One statement claims it, so of several processes exactly one tells the owner.
     */
    async claimNotice(keys: SignInKeys, at: Date): Promise<FailureRun | undefined> {
      const { rows } = await db.query<Pick<Row, "failures" | "first_failed_at" | "addresses">>(
        `UPDATE sign_in_failures SET notified_at = $2 WHERE key = $1 AND failures >= $3 AND notified_at IS NULL
         RETURNING failures, first_failed_at, addresses`,
        [emailKey(keys), at.toISOString(), NOTIFY_OWNER_AT],
      );
      const row = rows[0];
      return row && { failures: row.failures, since: new Date(row.first_failed_at ?? at), addresses: row.addresses };
    },

    sweep,
  };
}

export type SignInBackoff = ReturnType<typeof signInBackoff>;
