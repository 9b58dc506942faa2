import { z } from "zod";

/** The word the erase dialog accepts instead of the lead's name. */
export const ERASE_WORD = "ERASE";

/**
 * Body of POST /api/leads/{id}/erase: the typed confirmation, the lead's name exactly as shown
 * or the word ERASE, so a slip of the mouse cannot erase a client.
 */
export const EraseLeadBody = z.strictObject({
  confirmation: z.string({ error: `Type the lead's name or ${ERASE_WORD} to confirm` }).trim().min(1, `Type the lead's name or ${ERASE_WORD} to confirm`).max(300),
});
export type EraseLeadBody = z.infer<typeof EraseLeadBody>;

/**
 * The erasure record on the lead's stream: who erased (metadata.actor) and when (metadata.at),
 * how many events of how many streams were redacted. It carries no personal data.
 */
export const LeadErased = z.object({
  leadId: z.uuid(),
  streams: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});

/** What the erase command answers. */
export const EraseLeadResult = z.object({
  id: z.uuid(),
  version: z.number().int(),
  position: z.string(),
  streams: z.number().int(),
  events: z.number().int(),
});
export type EraseLeadResult = z.infer<typeof EraseLeadResult>;

/** True when the confirmation names this lead (case and surrounding spaces aside) or is the word ERASE. */
export function confirmsErasure(confirmation: string, leadName: string): boolean {
  const typed = confirmation.trim();
  return typed === ERASE_WORD || typed.toLowerCase() === leadName.trim().toLowerCase();
}
