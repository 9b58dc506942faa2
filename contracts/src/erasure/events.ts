// The event is the server's, apart from erasure.ts: the browser imports that one, which is zod/mini.
import { z } from "zod";

/**
 * The erasure record on the lead's stream: who erased (metadata.actor) and when (metadata.at),
 * how many events of how many streams were redacted. It carries no personal data.
 */
export const LeadErased = z.object({
  leadId: z.uuid(),
  streams: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});
