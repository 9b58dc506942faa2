// Answers are zod/mini (tree-shakable, a few KB) so the browser can parse them cheaply.
import { z } from "zod/mini";

/** What every command answers: the stream it touched, its new version and the log position to wait for. */
export const CommandResult = z.object({
  id: z.string(),
  version: z.int(),
  position: z.string(),
});
export type CommandResult = z.infer<typeof CommandResult>;

export const MIN_POSITION_HEADER = "X-Min-Position";
export const STALE_HEADER = "X-Stale";

/** A command's answer that carries the entity as the command left it, with its version and log position. */
export const positioned = <S extends z.ZodMiniObject>(entity: S) => z.extend(entity, { position: z.string(), version: z.int() });
