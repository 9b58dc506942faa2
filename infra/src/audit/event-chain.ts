import {
  checkpointMessage,
  type AuditVerification,
  type ChainBreak,
  type ChainBreakReason,
  type CheckpointFailure,
  type SignedCheckpoint,
} from "@crm/contracts/audit/verify";
import type { Database, Queryable } from "../db/database.ts";
import { encodePosition } from "../event-store/position.ts";
import { verifySignature, type AuditKey } from "./audit-key.ts";

/**
 * The ledger over the log (docs/decisions/057-the-auditors-ledger.md): the chain's follower step,
 * its verification, its signed checkpoints and the seals erasure leaves. The chain itself is SQL
 * (event-chain.migrations.ts), so the follower costs one statement per step and verification runs
 * where the events are.
 */
export interface Ledger {
  /** Chains up to `limit` events after the head; 0 when none is readable yet or another process is at it. */
  extend(limit?: number): Promise<number>;
  /** Chains every readable event; how many. */
  catchUp(): Promise<number>;
  /** Events stored after the chain's head: readable ones, and those a transaction still open holds back. */
  pending(): Promise<number>;
  /** Recomputes the whole chain against the log and checks every stored checkpoint. */
  verify(): Promise<AuditVerification>;
  /** Signs the head and stores it; none while the chain is empty. */
  checkpoint(): Promise<SignedCheckpoint | undefined>;
  latestCheckpoint(): Promise<SignedCheckpoint | null>;
  /** Whether a checkpoint kept elsewhere still holds: signed by its key, and the chain at its seq has its hash. */
  checkAgainst(checkpoint: SignedCheckpoint): Promise<{ holds: true } | { holds: false; reason: string }>;
  /** Seals what an erasure made of these events, inside its transaction, so they verify as erased. */
  sealRedactions(tx: Queryable, eventIds: readonly string[]): Promise<void>;
}

/** Verification runs in this many ranges at once (Postgres's cores work side by side; PGlite takes them in turn)… */
const VERIFY_RANGES = 4;
/** …of at least this many events: a smaller log is one statement. */
const MIN_RANGE = 25_000;
const STEP = 5_000;
const ZERO_HASH = "00".repeat(32);

interface HeadRow {
  seq: string;
  transaction_id: string;
  global_position: string;
  hash: string;
}

interface CheckpointRow {
  seq: string;
  position: string;
  hash: string;
  signed_at: string;
  key_id: string;
  signature: string;
}

interface BreakRow {
  seq: string | null;
  transaction_id: string;
  global_position: string;
  event_id: string | null;
  stream_id: string | null;
  event_type: string | null;
  verdict: ChainBreakReason;
}

const HEAD = `SELECT seq, transaction_id::text AS transaction_id, global_position, encode(hash, 'hex') AS hash
  FROM event_chain ORDER BY seq DESC LIMIT 1`;

const CHECKPOINT_COLUMNS = `seq, position, encode(hash, 'hex') AS hash, signed_at, key_id, encode(signature, 'base64') AS signature`;

/**
 * One range of the chain, judged event by event: its link to the record before (seq and hash), the
 * event at its position, that event's bytes now. A sealed erasure explains new bytes; nothing else
 * does. Answers the range's first break and how many events verified as erased.
 */
const JUDGE_RANGE = `
  WITH c AS (
    SELECT seq, transaction_id, global_position, event_id, stream_id, event_type, digest, hash,
           lag(seq) OVER w AS prev_seq, lag(hash) OVER w AS prev_hash
    FROM event_chain WHERE seq BETWEEN $1::bigint - 1 AND $2::bigint
    WINDOW w AS (ORDER BY seq)),
  judged AS (
    SELECT c.seq, c.transaction_id, c.global_position, c.event_id, c.stream_id, c.event_type,
      CASE
        WHEN c.seq <> coalesce(c.prev_seq, 0) + 1
          OR c.hash <> sha256(coalesce(c.prev_hash, '\\x${ZERO_HASH}'::bytea) || c.digest) THEN 'link'
        WHEN e.event_id IS NULL THEN 'missing'
        WHEN crm_event_digest(e) = c.digest THEN NULL
        WHEN crm_event_digest(e) = decode(s.digest, 'hex') THEN 'erased'
        ELSE 'altered'
      END AS verdict
    FROM c
    LEFT JOIN (
      -- The events between the range's first and last positions, so each range reads its own stretch of the log.
      SELECT * FROM events
      WHERE (transaction_id, global_position) >= (SELECT transaction_id, global_position FROM event_chain WHERE seq = $1::bigint)
        AND (transaction_id, global_position) <= (SELECT transaction_id, global_position FROM event_chain WHERE seq = $2::bigint)) e
      ON e.transaction_id = c.transaction_id AND e.global_position = c.global_position
    LEFT JOIN unnest($3::uuid[], $4::text[]) AS s(event_id, digest) ON s.event_id = c.event_id
    WHERE c.seq >= $1::bigint)
  SELECT (SELECT count(*) FROM judged WHERE verdict = 'erased')::int AS erased,
    (SELECT row_to_json(b) FROM (
       SELECT seq::text, transaction_id::text, global_position::text, event_id, stream_id, event_type, verdict
       FROM judged WHERE verdict <> 'erased' ORDER BY judged.seq LIMIT 1) b) AS first`;

/** How many events lie at or before the head: more than the chain holds means some were inserted. */
const EVENTS_UP_TO = `SELECT count(*)::text AS n FROM events WHERE (transaction_id, global_position) <= ($1::xid8, $2::bigint)`;

/** The first event at or before the head that the chain never saw. */
const FIRST_INSERTED = `
  SELECT NULL AS seq, e.transaction_id::text AS transaction_id, e.global_position::text AS global_position,
         e.event_id, e.stream_id, e.event_type, 'inserted' AS verdict
  FROM events e
  WHERE (e.transaction_id, e.global_position) <= ($1::xid8, $2::bigint)
    AND NOT EXISTS (SELECT 1 FROM event_chain c WHERE c.transaction_id = e.transaction_id AND c.global_position = e.global_position)
  ORDER BY e.transaction_id, e.global_position LIMIT 1`;

const PENDING = `SELECT count(*)::int AS n FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)`;

const redactionMessage = (eventId: string, digestHex: string) => `crm-audit-redaction/1 event=${eventId} digest=${digestHex}`;

const positionOf = (row: { transaction_id: string; global_position: string }) => encodePosition(row.transaction_id, row.global_position);

function toBreak(row: BreakRow): ChainBreak {
  return {
    reason: row.verdict,
    seq: row.seq === null ? null : Number(row.seq),
    position: positionOf(row),
    eventId: row.event_id,
    streamId: row.stream_id,
    type: row.event_type,
  };
}

const toCheckpoint = (row: CheckpointRow, key: AuditKey): SignedCheckpoint => ({
  seq: Number(row.seq),
  position: row.position,
  hash: row.hash,
  signedAt: row.signed_at,
  keyId: row.key_id,
  signature: row.signature,
  publicKey: key.publicKeyPem,
});

/** Erasure seals whose signature holds: the digests an erasure may have left. */
async function validSeals(db: Queryable, key: AuditKey): Promise<{ ids: string[]; digests: string[] }> {
  const { rows } = await db.query<{ event_id: string; digest: string; signature: string }>(
    `SELECT event_id, encode(digest, 'hex') AS digest, encode(signature, 'base64') AS signature FROM event_redactions`,
  );
  const valid = rows.filter((r) => verifySignature(key.publicKeyPem, redactionMessage(r.event_id, r.digest), r.signature));
  return { ids: valid.map((r) => r.event_id), digests: valid.map((r) => r.digest) };
}

/** The chain up to its head judged range by range, the ranges at once; the first break in log order and the events erased under seal. */
async function firstBreak(db: Queryable, head: HeadRow, seals: { ids: string[]; digests: string[] }) {
  const last = Number(head.seq);
  const size = Math.max(MIN_RANGE, Math.ceil(last / VERIFY_RANGES));
  const ranges: [number, number][] = [];
  for (let from = 1; from <= last; from += size) ranges.push([from, Math.min(last, from + size - 1)]);
  const judged = await Promise.all(
    ranges.map(([from, to]) =>
      db.query<{ erased: number; first: BreakRow | null }>(JUDGE_RANGE, [from, to, seals.ids, seals.digests]).then((r) => r.rows[0]!),
    ),
  );
  const erased = judged.reduce((sum, r) => sum + r.erased, 0);
  let found = judged.find((r) => r.first !== null)?.first ?? null;
  const { rows: counted } = await db.query<{ n: string }>(EVENTS_UP_TO, [head.transaction_id, head.global_position]);
  if (Number(counted[0]!.n) > last || found?.verdict === "missing") {
    const { rows } = await db.query<BreakRow>(FIRST_INSERTED, [head.transaction_id, head.global_position]);
    const inserted = rows[0];
    if (inserted && (!found || positionOf(inserted) < positionOf(found))) found = inserted;
  }
  return { erased, found: found && toBreak(found) };
}

/** Every stored checkpoint against the server's key and the chain at its seq. */
async function checkStored(db: Queryable, key: AuditKey): Promise<AuditVerification["checkpoints"]> {
  const { rows } = await db.query<CheckpointRow & { chained: string | null }>(
    `SELECT a.seq, a.position, encode(a.hash, 'hex') AS hash, a.signed_at, a.key_id, encode(a.signature, 'base64') AS signature,
            encode(c.hash, 'hex') AS chained
     FROM audit_checkpoints a LEFT JOIN event_chain c ON c.seq = a.seq ORDER BY a.seq`,
  );
  const failed: CheckpointFailure[] = [];
  for (const row of rows) {
    const checkpoint = toCheckpoint(row, key);
    const reason =
      row.key_id !== key.keyId || !verifySignature(key.publicKeyPem, checkpointMessage(checkpoint), checkpoint.signature)
        ? "signature"
        : row.chained === null
          ? "missing"
          : row.chained !== row.hash
            ? "hash"
            : undefined;
    if (reason) failed.push({ seq: checkpoint.seq, signedAt: checkpoint.signedAt, reason });
  }
  const latest = rows.at(-1);
  return { checked: rows.length, failed, latest: latest ? toCheckpoint(latest, key) : null };
}

/** Events stored after the head (all of them when the chain is empty). */
async function pendingAfter(db: Queryable, head: HeadRow | undefined): Promise<number> {
  const { rows } = await db.query<{ n: number }>(PENDING, [head?.transaction_id ?? "0", head?.global_position ?? "0"]);
  return rows[0]!.n;
}

/** Signs the chain's head and stores it; none while the chain is empty. A head signed before keeps its first checkpoint. */
async function signHead(db: Queryable, key: AuditKey, now: () => Date): Promise<SignedCheckpoint | undefined> {
  const { rows: heads } = await db.query<HeadRow>(HEAD);
  const head = heads[0];
  if (!head) return undefined;
  const unsigned = {
    seq: Number(head.seq),
    position: positionOf(head),
    hash: head.hash,
    signedAt: now().toISOString(),
    keyId: key.keyId,
  };
  const signature = key.sign(checkpointMessage(unsigned)).toString("base64");
  const { rows } = await db.query<CheckpointRow>(
    `WITH added AS (
         INSERT INTO audit_checkpoints (seq, position, hash, signed_at, key_id, signature)
         VALUES ($1, $2, decode($3, 'hex'), $4, $5, decode($6, 'base64')) ON CONFLICT (seq) DO NOTHING
         RETURNING ${CHECKPOINT_COLUMNS})
       SELECT * FROM added UNION ALL SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints WHERE seq = $1 LIMIT 1`,
    [unsigned.seq, unsigned.position, unsigned.hash, unsigned.signedAt, unsigned.keyId, signature],
  );
  return toCheckpoint(rows[0]!, key);
}

/** Seals what an erasure made of these events, inside its transaction: each new digest, signed. */
async function sealRedactions(tx: Queryable, key: AuditKey, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const { rows } = await tx.query<{ event_id: string; digest: string }>(
    `SELECT event_id, encode(crm_event_digest(e), 'hex') AS digest FROM events e WHERE event_id = ANY($1::uuid[])`,
    [eventIds],
  );
  await tx.query(
    `INSERT INTO event_redactions (event_id, digest, key_id, signature)
       SELECT s.event_id, decode(s.digest, 'hex'), $3, decode(s.signature, 'base64')
       FROM unnest($1::uuid[], $2::text[], $4::text[]) AS s(event_id, digest, signature)
       ON CONFLICT (event_id) DO UPDATE SET digest = excluded.digest, key_id = excluded.key_id,
         signature = excluded.signature, redacted_at = now()`,
    [
      rows.map((r) => r.event_id),
      rows.map((r) => r.digest),
      key.keyId,
      rows.map((r) => key.sign(redactionMessage(r.event_id, r.digest)).toString("base64")),
    ],
  );
}

export function createLedger(db: Database, key: AuditKey, now: () => Date = () => new Date()): Ledger {
  const ledger: Ledger = {
    async extend(limit = STEP) {
      const { rows } = await db.query<{ n: number }>("SELECT crm_chain_extend($1) AS n", [limit]);
      return rows[0]!.n;
    },

    async catchUp() {
      // A step shorter than STEP reached the horizon: asking again would find nothing (or what came meanwhile, next time).
      let total = 0;
      for (let n = STEP; n === STEP; total += n) n = await ledger.extend(STEP);
      return total;
    },

    pending: async () => pendingAfter(db, (await db.query<HeadRow>(HEAD)).rows[0]),

    async verify() {
      const verifiedAt = now().toISOString();
      const [{ rows: heads }, seals, checkpoints] = await Promise.all([db.query<HeadRow>(HEAD), validSeals(db, key), checkStored(db, key)]);
      const head = heads[0];
      const { erased, found } = head ? await firstBreak(db, head, seals) : { erased: 0, found: null };
      const pending = await pendingAfter(db, head);
      const intact = found === null && checkpoints.failed.length === 0;
      return {
        status: intact ? "intact" : "broken",
        verifiedAt,
        checked: head ? Number(head.seq) : 0,
        pending,
        erased,
        head: head ? { seq: Number(head.seq), position: positionOf(head), hash: head.hash } : null,
        firstBreak: found,
        checkpoints,
      };
    },

    checkpoint: () => signHead(db, key, now),

    async latestCheckpoint() {
      const { rows } = await db.query<CheckpointRow>(`SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints ORDER BY seq DESC LIMIT 1`);
      return rows[0] ? toCheckpoint(rows[0], key) : null;
    },

    async checkAgainst(checkpoint) {
      if (!verifySignature(checkpoint.publicKey, checkpointMessage(checkpoint), checkpoint.signature))
        return { holds: false, reason: "its signature does not match its contents and key" };
      const { rows } = await db.query<HeadRow>(
        `SELECT seq, transaction_id::text AS transaction_id, global_position, encode(hash, 'hex') AS hash FROM event_chain WHERE seq = $1`,
        [checkpoint.seq],
      );
      const row = rows[0];
      if (!row) return { holds: false, reason: `the chain no longer has event ${checkpoint.seq}` };
      if (row.hash !== checkpoint.hash || positionOf(row) !== checkpoint.position)
        return {
          holds: false,
          reason: `the chain at event ${checkpoint.seq} is not the one signed at ${checkpoint.signedAt}: an earlier event changed`,
        };
      return { holds: true };
    },

    sealRedactions: (tx, eventIds) => sealRedactions(tx, key, eventIds),
  };
  return ledger;
}
