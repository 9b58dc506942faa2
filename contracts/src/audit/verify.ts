/**
 * The chain's answers (docs/product.md, "Audit"): a verification of the log and a signed checkpoint.
 * zod/mini, so the workbench parses them cheaply.
 */
import { z } from "zod/mini";

/**
 * How an event fails the chain:
 * - altered: its bytes are not those it was chained with (and no signed erasure explains them);
 * - missing: the chain names it, the log no longer has it;
 * - inserted: the log has it among chained events, the chain never saw it;
 * - link: the chain's own record was changed (its hash is not the previous hash and the digest).
 */
export const CHAIN_BREAKS = ["altered", "missing", "inserted", "link"] as const;
export type ChainBreakReason = (typeof CHAIN_BREAKS)[number];

/** The head of the chain at a moment, signed with Ed25519 by the server's audit key. */
export const SignedCheckpoint = z.object({
  /** How many events the chain held: the checkpoint covers events 1..seq. */
  seq: z.number(),
  /** The log position of event seq. */
  position: z.string(),
  /** The chain's hash after event seq, hex. */
  hash: z.string(),
  signedAt: z.string(),
  /** The first 16 hex digits of SHA-256 over the public key's DER bytes. */
  keyId: z.string(),
  /** Ed25519 over checkpointMessage(checkpoint), base64. */
  signature: z.string(),
  /** The key that signed it, SPKI PEM: an auditor keeps a copy and checks later checkpoints against it. */
  publicKey: z.string(),
});
export type SignedCheckpoint = z.infer<typeof SignedCheckpoint>;

/** The bytes a checkpoint's signature covers: one line naming everything it vouches for. */
export const checkpointMessage = (c: Pick<SignedCheckpoint, "seq" | "position" | "hash" | "signedAt" | "keyId">) =>
  `crm-audit-checkpoint/1 seq=${c.seq} position=${c.position} hash=${c.hash} signedAt=${c.signedAt} keyId=${c.keyId}`;

/** The first event where the log and its chain disagree. */
export const ChainBreak = z.object({
  reason: z.enum(CHAIN_BREAKS),
  /** The chain's number for the event, when the chain has one (not for an inserted event). */
  seq: z.nullable(z.number()),
  position: z.string(),
  eventId: z.nullable(z.string()),
  streamId: z.nullable(z.string()),
  type: z.nullable(z.string()),
});
export type ChainBreak = z.infer<typeof ChainBreak>;

/** A checkpoint that no longer holds: its signature fails, or the chain at its seq has another hash. */
export const CheckpointFailure = z.object({
  seq: z.number(),
  signedAt: z.string(),
  reason: z.enum(["signature", "hash", "missing"]),
});
export type CheckpointFailure = z.infer<typeof CheckpointFailure>;

/** GET /api/audit/verify: the whole chain recomputed against the log and the stored checkpoints. */
export const AuditVerification = z.object({
  status: z.enum(["intact", "broken"]),
  verifiedAt: z.string(),
  /** Events checked: the whole chain. */
  checked: z.number(),
  /** Events appended since the follower's last step: chained within a second or so, checked next time. */
  pending: z.number(),
  /** Events whose data a signed erasure rewrote: they verify as erased. */
  erased: z.number(),
  head: z.nullable(z.object({ seq: z.number(), position: z.string(), hash: z.string() })),
  firstBreak: z.nullable(ChainBreak),
  checkpoints: z.object({
    checked: z.number(),
    failed: z.array(CheckpointFailure),
    latest: z.nullable(SignedCheckpoint),
  }),
});
export type AuditVerification = z.infer<typeof AuditVerification>;
