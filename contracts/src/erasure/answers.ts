/**
 * The erasure answer. Answers are written with zod/mini (tree-shakable, a few KB) so the browser can
 * parse them cheaply; this module imports no zod classic (the event, in events.ts, does).
 */
import { z } from "zod/mini";

/** What the erase command answers. */
export const EraseLeadResult = z.object({
  id: z.uuid(),
  version: z.int(),
  position: z.string(),
  streams: z.int(),
  events: z.int(),
});
export type EraseLeadResult = z.infer<typeof EraseLeadResult>;
