/**
 * What the client-link routes answer: a link issued or revoked, the live links of a lead, and whether a
 * public link works. Answers are written with zod/mini (tree-shakable, a few KB) so the browser can
 * parse them cheaply; this module imports no zod classic (the bodies and events, in client-link.ts, do,
 * and build their purpose enum from CLIENT_LINK_PURPOSES here).
 */
import { z } from "zod/mini";

export const CLIENT_LINK_PURPOSES = ["questionnaire"] as const;
const Purpose = z.enum(CLIENT_LINK_PURPOSES);

/** What every dead link answers: unknown, revoked, replaced, expired, of a closed lead, or an old lead-id link. */
export const EXPIRED_LINK_MESSAGE = "This link has expired; ask your agency for a new one.";

/** What issuing answers: the full URL, shown this once (only its hash is kept). */
export const ClientLinkCreated = z.object({
  id: z.uuid(),
  purpose: Purpose,
  url: z.string(),
  issuedAt: z.string(),
  expiresAt: z.nullable(z.string()),
  /** The link this one replaced, if one was live. */
  replaced: z.nullable(z.uuid()),
  version: z.int(),
  position: z.string(),
});
export type ClientLinkCreated = z.infer<typeof ClientLinkCreated>;

/** What revoking answers: the link revoked, or null when none was live. */
export const ClientLinkRevokedResult = z.object({
  revoked: z.nullable(z.uuid()),
  version: z.int(),
  position: z.string(),
});
export type ClientLinkRevokedResult = z.infer<typeof ClientLinkRevokedResult>;

/** GET /api/leads/{id}/client-link: the live link of each purpose, without its token (never kept). */
export const ClientLinkSummary = z.object({
  id: z.uuid(),
  purpose: Purpose,
  issuedAt: z.string(),
  issuedBy: z.string(),
  expiresAt: z.nullable(z.string()),
  /** When a flood of submissions through it was last flagged, if ever. */
  floodedAt: z.nullable(z.string()),
});
export type ClientLinkSummary = z.infer<typeof ClientLinkSummary>;
export const ClientLinkStatus = z.object({ questionnaire: z.nullable(ClientLinkSummary) });
export type ClientLinkStatus = z.infer<typeof ClientLinkStatus>;

/** GET /api/questionnaire-links/{token}: the link works. Nothing about the client is revealed. */
export const PublicClientLink = z.object({ purpose: Purpose, expiresAt: z.nullable(z.string()) });
export type PublicClientLink = z.infer<typeof PublicClientLink>;
