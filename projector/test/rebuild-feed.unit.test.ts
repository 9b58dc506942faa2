import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { START_POSITION } from "@crm/infra/event-store/position";
import { RebuildFeed } from "../src/rebuild-feed.ts";

/** A log of `size` events read `limit` at a time; positions are "p01", "p02", … */
function fakeLog(size: number, limit: number) {
  const positions = Array.from({ length: size }, (_, i) => `p${String(i + 1).padStart(2, "0")}`);
  const reads: string[] = [];
  const readAfter = async (after: string) => {
    reads.push(after);
    const from = after === START_POSITION ? 0 : positions.indexOf(after) + 1;
    return positions.slice(from, from + limit).map((position) => ({ position }) as RecordedEvent);
  };
  return { readAfter, reads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("rebuild feed", () => {
  it("gives every consumer every batch in order, reads each once, and counts events all consumers took", async () => {
    const log = fakeLog(10, 3);
    const released: number[] = [];
    const feed = new RebuildFeed(log.readAfter, 2, 2, (events) => released.push(events));
    const seen: string[][] = [[], []];
    const consume = async (consumer: number, pause: number) => {
      for await (const batch of feed.batches(consumer)) {
        seen[consumer]!.push(batch.map((e) => e.position).join(","));
        for (let i = 0; i < pause; i++) await tick();
      }
    };
    await Promise.all([consume(0, 0), consume(1, 5)]);

    const expected = ["p01,p02,p03", "p04,p05,p06", "p07,p08,p09", "p10"];
    expect(seen).toEqual([expected, expected]);
    expect(log.reads).toEqual([START_POSITION, "p03", "p06", "p09", "p10"]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(10);
    expect(feed.position).toBe("p10");
  });

  it("lets the fastest consumer run no further than `ahead` batches past the slowest", async () => {
    const log = fakeLog(30, 2);
    const feed = new RebuildFeed(log.readAfter, 2, 2, () => undefined);
    let fastTook = 0;
    const fast = (async () => {
      for await (const batch of feed.batches(0)) fastTook += batch.length > 0 ? 1 : 0;
    })();
    const slow = feed.batches(1);
    await slow.next(); // the slow consumer holds batch 0
    for (let i = 0; i < 20; i++) await tick();
    expect(fastTook).toBe(2);
    expect(log.reads.length).toBeLessThanOrEqual(3);
    for (;;) if ((await slow.next()).done) break;
    await fast;
    expect(fastTook).toBe(15);
  });

  it("wakes a waiting consumer with the failure when another one aborts", async () => {
    const log = fakeLog(30, 2);
    const feed = new RebuildFeed(log.readAfter, 2, 1, () => undefined);
    const stuck = feed.batches(1);
    await stuck.next(); // consumer 1 takes batch 0 and never finishes it
    const waiting = (async () => {
      for await (const batch of feed.batches(0)) void batch;
    })();
    await tick();
    feed.abort(new Error("a read model failed"));
    await expect(waiting).rejects.toThrow("a read model failed");
  });

  it("hands a failed read to every consumer", async () => {
    const feed = new RebuildFeed(
      () => Promise.reject(new Error("log unreadable")),
      2,
      2,
      () => undefined,
    );
    const drain = async (consumer: number) => {
      for await (const batch of feed.batches(consumer)) void batch;
    };
    await expect(drain(0)).rejects.toThrow("log unreadable");
    await expect(drain(1)).rejects.toThrow("log unreadable");
  });
});
