import { z } from "zod";
import { MessageAccepted } from "./commands.ts";

/** What a send command on a lead answers: the accepted message, and the lead it went to (POST /api/send-email names it in the body). */
export const LeadMessageAccepted = MessageAccepted.extend({ leadId: z.uuid() });
export type LeadMessageAccepted = z.infer<typeof LeadMessageAccepted>;
