// The event is the server's: the workbench reads it as any other event's data.
import { z } from "zod";

/**
 * An Auditor read something through the API (docs/product.md, "Roles"): every read of theirs, of any
 * status, is in the log, on their own stream, as their action (metadata.actor), so it is chained and
 * the workbench lists it. `path` is the template for a path that carries a secret (a link's token), and
 * a query parameter that carries one has its value left out. No read model or reactor reads this event.
 */
export const AuditorReadRecorded = z.object({
  method: z.enum(["GET", "HEAD"]),
  path: z.string().min(1),
  /** The query string as sent, without its "?"; "" when there was none. */
  query: z.string(),
  status: z.number().int().min(100).max(599),
});

export const auditEvents = { AuditorReadRecorded };

const PREFIX = "auditor-";

/** The stream of one Auditor's recorded reads. */
export const auditorStreamId = (userId: string) => `${PREFIX}${userId}`;
