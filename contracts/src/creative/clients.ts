import { z } from "zod";

/** GET /api/creative/clients: the leads with a creative director that the caller may see. */
export const CreativeClient = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  stage: z.string(),
  creativeDirectorId: z.uuid(),
  creativeDirectorName: z.string().nullable(),
});
export type CreativeClient = z.infer<typeof CreativeClient>;
