import type { RequestHandler } from "express";
import { MIN_POSITION_HEADER, STALE_HEADER } from "@crm/contracts/api/command-result";
import { ValidationError } from "@crm/contracts/api/errors";
import { isPosition, normalizePosition } from "@crm/infra/event-store/position";
import type { CheckpointWatcher } from "./checkpoint-watcher.ts";

/** Holds a GET until the read models have passed X-Min-Position, or answers with X-Stale: true after the timeout. */
export function readYourWrites(watcher: CheckpointWatcher, timeoutMs = 2_000): RequestHandler {
  return async (req, res, next) => {
    const position = req.get(MIN_POSITION_HEADER);
    if (req.method !== "GET" || position === undefined) return next();
    if (!isPosition(position)) throw new ValidationError([{ field: MIN_POSITION_HEADER, message: "Not a log position" }]);
    // Checkpoints are fixed-width text: "5-7" must be widened before it is compared with them.
    const caughtUp = await watcher.waitFor(normalizePosition(position), timeoutMs);
    if (!caughtUp) res.setHeader(STALE_HEADER, "true");
    next();
  };
}
