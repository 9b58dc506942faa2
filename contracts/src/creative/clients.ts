// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";

/** GET /api/creative/clients: the leads with a creative director that the caller may see. */
export const CreativeClient = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  stage: z.string(),
  creativeDirectorId: z.uuid(),
  creativeDirectorName: z.nullable(z.string()),
});
export type CreativeClient = z.infer<typeof CreativeClient>;
