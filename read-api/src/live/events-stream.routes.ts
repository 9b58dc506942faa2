import type { Request, Response } from "express";
import { RetryLaterError } from "@crm/contracts/api/errors";
import type { AdvancedNotice } from "@crm/contracts/api/live";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import type { CheckpointWatcher } from "../checkpoint-watcher.ts";
import { noticeFor, type NoticeReader } from "./notice-scope.ts";

export interface EventStreamDeps {
  watcher: CheckpointWatcher;
  /** The leads read model: which leads a Creative Director's notices may name. */
  db: Queryable;
  heartbeatMs?: number;
  /** Concurrent streams one session may hold (docs/product.md, "Live updates"). */
  perSession?: number;
}

/** What the stream route shares: the streams each session holds open, and the notice filter. */
function setup({ watcher, db, heartbeatMs = 25_000, perSession = 5 }: EventStreamDeps) {
  return { watcher, heartbeatMs, perSession, open: new Map<string, number>(), scoped: noticeFor(db) };
}

type Ctx = ReturnType<typeof setup>;

/** Streams from the watcher's current position: ready, then each advance the reader may see, with heartbeats between. */
async function follow(req: Request, res: Response, { watcher, heartbeatMs, perSession, open, scoped }: Ctx) {
  const session = req.account!.token;
  const user = req.user!;
  const held = open.get(session) ?? 0;
  if (held >= perSession) {
    throw new RetryLaterError(
      429,
      "Too many live streams",
      `A session may follow at most ${perSession} live streams at once: close another tab of the app.`,
      30,
    );
  }
  open.set(session, held + 1);
  let closed = false;
  let stop = () => {};
  let heartbeat: NodeJS.Timeout | undefined = undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stop();
    const left = (open.get(session) ?? 1) - 1;
    if (left > 0) open.set(session, left);
    else open.delete(session);
  };
  res.on("close", close); // the browser went away, or the stream was ended here

  const position = await watcher.current().catch((error: unknown) => {
    close();
    throw error;
  });
  if (closed) return;
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ position })}\n\n`);
  const reader: NoticeReader = { userId: user.id, role: user.role };
  // Notices are filtered one after another, so they reach the browser in the order they came.
  let queue: Promise<void> = Promise.resolve();
  stop = watcher.onAdvance((notice: AdvancedNotice) => {
    queue = queue
      .then(async () => {
        const visible = await scoped(notice, reader);
        if (closed || !visible) return;
        res.write(`event: advanced\ndata: ${JSON.stringify(visible)}\n\n`);
        if (visible.topics.includes(`user:${user.id}`)) res.end();
      })
      .catch(() => void res.end()); // a notice that cannot be scoped is not sent: the browser reconnects and refreshes
  });
  heartbeat = setInterval(() => res.write(": keep-alive\n\n"), heartbeatMs);
}

/**
 * GET /api/events/stream: a Server-Sent Events notice each time the read models advance, only to
 * approved staff (the access policy), each notice cut down to the topics its reader may see.
 * A notice naming the reader's own account ends the stream after it is sent: the browser
 * reconnects at once and passes the gate again, so a new role or a withdrawn approval applies.
 */
export const eventStreamRoutes = routeGroup(setup, (route) => [
  route({
    method: "GET",
    path: "/api/events/stream",
    allow: APPROVED,
    tag: "operations",
    summary:
      "Live read-model notices (Server-Sent Events) for approved staff, each cut to what its reader may see; 429 past 5 streams per session",
    responses: { 200: { mediaType: "text/event-stream" } },
    handle: ({ req, res }, ctx) => follow(req, res, ctx),
  }),
]);
