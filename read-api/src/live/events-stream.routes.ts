import { Router } from "express";
import type { CheckpointWatcher } from "../checkpoint-watcher.ts";

/** GET /api/events/stream: a Server-Sent Events notice each time the read models advance. */
export function eventStreamRoutes({ watcher, heartbeatMs = 25_000 }: { watcher: CheckpointWatcher; heartbeatMs?: number }): Router {
  const router = Router();
  router.get("/api/events/stream", async (req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ position: await watcher.current() })}\n\n`);
    const stop = watcher.onAdvance((notice) => res.write(`event: advanced\ndata: ${JSON.stringify(notice)}\n\n`));
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), heartbeatMs);
    req.on("close", () => {
      clearInterval(heartbeat);
      stop();
    });
  });
  return router;
}
