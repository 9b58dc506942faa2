import type { Queryable } from "@crm/infra/db/database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { loadCheckpoints, projectionLockHolders as lockHolders } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { expect, vi } from "vitest";
import type { Instance } from "./cluster.ts";

/** Which instance of a cluster does the work only one may do at a time: a projection's batch, a reactor. */

/** The instances whose transaction holds a projection's lock at this moment, known by their connections' application_name. */
export async function projectionLockHolders(q: Queryable, projectors: readonly Instance[]): Promise<Instance[]> {
  const names = await lockHolders(q, ALL_PROJECTIONS.map((p) => p.name));
  return projectors.filter((p) => names.includes(p.name));
}

/** The instance whose runner holds the reactor's lease now, by the process id its owner names (host:pid:run). */
export async function reactorHolder(q: Queryable, reactor: string, instances: readonly Instance[]): Promise<Instance | undefined> {
  const { rows } = await q.query<{ owner: string }>("SELECT owner FROM reactor_checkpoints WHERE name = $1 AND lease_until > now()", [
    reactor,
  ]);
  const pid = Number(rows[0]?.owner.split(":")[1]);
  return instances.find((i) => i.service.child.pid === pid);
}

/** Waits until every projection's checkpoint is at its code's version and at or past `head`. */
export async function waitForProjections(q: Queryable, head: string): Promise<void> {
  await vi.waitFor(async () => {
    const checkpoints = await loadCheckpoints(q);
    const behind = ALL_PROJECTIONS.filter(
      (p) => !(checkpoints.get(p.name)?.version === p.version && checkpoints.get(p.name)!.position >= head),
    );
    expect(behind.map((p) => p.name)).toEqual([]);
  }, EVENTUALLY);
}
