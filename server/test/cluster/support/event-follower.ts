import { expect } from "vitest";

export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventFollower {
  /** The next event that matches, skipping those before it. */
  next(match: (event: ServerSentEvent) => boolean): Promise<ServerSentEvent>;
  close(): void;
}

/** A browser following GET /api/events/stream at `baseUrl` with a session. */
export async function followEvents(baseUrl: string, token: string): Promise<EventFollower> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const received: ServerSentEvent[] = [];
  let text = "";
  return {
    async next(match) {
      for (;;) {
        const found = received.findIndex(match);
        if (found >= 0) return received.splice(0, found + 1).at(-1)!;
        const { value, done } = await reader.read();
        if (done) throw new Error(`the event stream from ${baseUrl} ended`);
        const blocks = (text + decoder.decode(value, { stream: true })).split("\n\n");
        text = blocks.pop()!;
        for (const block of blocks)
          received.push({ event: /^event: (.*)$/m.exec(block)?.[1] ?? "message", data: /^data: (.*)$/m.exec(block)?.[1] ?? "" });
      }
    },
    close: () => controller.abort(),
  };
}
