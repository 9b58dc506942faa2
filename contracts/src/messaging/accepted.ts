/**
 * What the send commands answer. Answers are written with zod/mini (tree-shakable, a few KB) so the
 * browser can parse them cheaply; this module imports no zod classic (the events, in events.ts, do).
 */
import { z } from "zod/mini";

/** What a send command answers: the request is recorded; a reactor delivers it. */
export const MessageAccepted = z.object({
  id: z.string(),
  version: z.int(),
  position: z.string(),
  status: z.literal("queued"),
  /** Where it will go: a real provider, or the outbox folder when none is configured. */
  channel: z.enum(["smtp", "outbox", "twilio"]),
  to: z.string(),
});
export type MessageAccepted = z.infer<typeof MessageAccepted>;

/** What a send command on a lead answers: the accepted message, and the lead it went to (POST /api/send-email names it in the body). */
export const LeadMessageAccepted = z.extend(MessageAccepted, { leadId: z.uuid() });
export type LeadMessageAccepted = z.infer<typeof LeadMessageAccepted>;
