import { expect } from "vitest";
import type { Queryable } from "../src/db/database.ts";
import { normalizePosition } from "../src/event-store/position.ts";
import type { ReactorRunner } from "../src/reactor/reactor-runner.ts";
import { EVENTUALLY } from "./eventually.ts";

/**
 * Runs a reactor, a batch at a time, until its checkpoint has passed `position` (an append's or a
 * command's answer). One batch is not enough: on a shared Postgres any open transaction in the cluster
 * (another test file's, say) holds the readable head back, and the batch may not see the event yet.
 */
export async function runReactorPast(runner: Pick<ReactorRunner, "runOnce">, db: Queryable, reactorName: string, position: string): Promise<void> {
  const past = normalizePosition(position);
  await expect
    .poll(async () => {
      await runner.runOnce();
      const { rows } = await db.query<{ position: string }>("SELECT position FROM reactor_checkpoints WHERE name = $1", [reactorName]);
      return (rows[0]?.position ?? "") >= past;
    }, EVENTUALLY)
    .toBe(true);
}
