// zod/mini, because the browser imports this module (the erase dialog uses the body as its form's rules).
import { z } from "zod/mini";

// The answer lives in answers.ts (zod/mini, for the browser); the server may still import it from here.
export { EraseLeadResult } from "./answers.ts";

/** The word the erase dialog accepts instead of the lead's name. */
export const ERASE_WORD = "ERASE";

/**
 * Body of POST /api/leads/{id}/erase: the typed confirmation, the lead's name exactly as shown
 * or the word ERASE, so a slip of the mouse cannot erase a client.
 */
export const EraseLeadBody = z.strictObject({
  confirmation: z
    .string({ error: `Type the lead's name or ${ERASE_WORD} to confirm` })
    .check(z.trim(), z.minLength(1, `Type the lead's name or ${ERASE_WORD} to confirm`), z.maxLength(300)),
});
export type EraseLeadBody = z.infer<typeof EraseLeadBody>;

/** True when the confirmation names this lead (case and surrounding spaces aside) or is the word ERASE. */
export function confirmsErasure(confirmation: string, leadName: string): boolean {
  const typed = confirmation.trim();
  return typed === ERASE_WORD || typed.toLowerCase() === leadName.trim().toLowerCase();
}
