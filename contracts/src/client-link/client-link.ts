import { z } from "zod";
import { ApiError } from "../api/errors.ts";
import { REDACTED } from "../erasure/redact.ts";
import { CLIENT_LINK_PURPOSES, EXPIRED_LINK_MESSAGE } from "./answers.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export {
  CLIENT_LINK_PURPOSES,
  ClientLinkCreated,
  ClientLinkRevokedResult,
  ClientLinkStatus,
  ClientLinkSummary,
  EXPIRED_LINK_MESSAGE,
  PublicClientLink,
} from "./answers.ts";

/**
 * Capability links for clients (decisions/038): a random token in the URL is the only key to a
 * client-facing page; the server keeps only its SHA-256.
 */
export const ClientLinkPurpose = z.enum(CLIENT_LINK_PURPOSES);
export type ClientLinkPurpose = z.infer<typeof ClientLinkPurpose>;

/** The one answer for a dead link (410): nobody can tell a revoked link from one that never was. */
export const expiredLink = () => new ApiError(410, "Link expired", EXPIRED_LINK_MESSAGE);

/** A token as links carry it: 32 random bytes in base64url (43 characters, 256 bits). */
export const CLIENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The hex SHA-256 of a token; erasure may replace it with its marker, which matches no token. */
const TokenHash = z.union([z.string().regex(/^[0-9a-f]{64}$/, "A hex SHA-256"), z.literal(REDACTED)]);

/** Staff issued a link; a later issue for the same purpose replaces it (ClientLinkRevoked, reason "replaced"). */
export const ClientLinkIssued = z.object({
  leadId: z.uuid(),
  linkId: z.uuid(),
  purpose: ClientLinkPurpose,
  tokenHash: TokenHash,
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});

/** The link stopped working: revoked by staff, or replaced by a newer link. */
export const ClientLinkRevoked = z.object({
  leadId: z.uuid(),
  linkId: z.uuid(),
  purpose: ClientLinkPurpose,
  /** The staff user who revoked it, or who issued its replacement. */
  revokedBy: z.string().min(1),
  reason: z.enum(["revoked", "replaced"]),
});

/** Many submissions came through one link within the hour: a sign it leaked (recorded at most hourly per link). */
export const ClientLinkFlooded = z.object({
  leadId: z.uuid(),
  linkId: z.uuid(),
  purpose: ClientLinkPurpose,
  attempts: z.number().int().positive(),
  windowMinutes: z.number().int().positive(),
});

export const clientLinkEvents = { ClientLinkIssued, ClientLinkRevoked, ClientLinkFlooded } as const;

/** Body of POST /api/leads/{id}/client-link. */
export const IssueClientLinkBody = z.strictObject({
  purpose: ClientLinkPurpose.default("questionnaire"),
  /** Days until the link stops working; null or absent: until it is replaced or revoked. */
  expiresInDays: z.number({ error: "expiresInDays must be a whole number of days" }).int().min(1).max(365).nullable().optional(),
});
export type IssueClientLinkBody = z.infer<typeof IssueClientLinkBody>;

/** Body of DELETE /api/leads/{id}/client-link (optional). */
export const RevokeClientLinkBody = z.strictObject({ purpose: ClientLinkPurpose.default("questionnaire") });
