import { z } from "zod";

/** What every command answers: the stream it touched, its new version and the log position to wait for. */
export const CommandResult = z.object({
  id: z.string(),
  version: z.number().int(),
  position: z.string(),
});
export type CommandResult = z.infer<typeof CommandResult>;

export const MIN_POSITION_HEADER = "X-Min-Position";
export const STALE_HEADER = "X-Stale";
