import { describe, expect, it } from "vitest";
import { createGroupBatcher, type Queued } from "../src/db/group-batcher.ts";

/** A batcher whose batches finish when the test says so; records the items of each batch it ran. */
function recordingBatcher(grouping: boolean) {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const call = createGroupBatcher(
    (batch: Queued<number, number>[]) => {
      batches.push(batch.map((q) => q.item));
      return new Promise<void>((resolve) =>
        finish.push(() => {
          for (const q of batch) q.resolve(q.item * 10);
          resolve();
        }),
      );
    },
    { maxInFlight: 1, grouping },
  );
  return { call, batches, finishAll: () => finish.splice(0).forEach((f) => f()) };
}

describe("the group batcher", () => {
  it("sends the calls that arrive while a batch runs together in the next one", async () => {
    const { call, batches, finishAll } = recordingBatcher(true);
    const answers = [call(1), call(2), call(3)];
    expect(batches).toEqual([[1]]);
    finishAll();
    await new Promise((resolve) => setImmediate(resolve)); // the first batch settles and frees its slot
    expect(batches).toEqual([[1], [2, 3]]);
    finishAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it("with grouping off (FAST_GROUP_BATCHING=off) runs each call alone and at once", async () => {
    const { call, batches, finishAll } = recordingBatcher(false);
    const answers = [call(1), call(2), call(3)];
    expect(batches).toEqual([[1], [2], [3]]);
    finishAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
  });

  it("with grouping off still fails the call whose batch fails", async () => {
    const call = createGroupBatcher<number, number>(async () => Promise.reject(new Error("refused")), { grouping: false });
    await expect(call(1)).rejects.toThrow("refused");
  });
});
