import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { loadCheckpoints } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { rebuildProjections } from "./rebuild.ts";
import { createProjectorRunner, type ProjectorRunner } from "./runner.ts";

export interface StartProjectorOptions {
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  log?: (message: string, error?: unknown) => void;
  batchSize?: number;
  pollMs?: number;
  /** The runner's fast path FAST_PIPELINED_PROJECTOR (RunnerOptions.pipelined); default: the process's setting. */
  pipelined?: boolean;
}

/**
 * Starts the runner; a projection that is new or whose version was bumped is rebuilt first
 * (blue/green, so the old tables keep answering meanwhile) and then joins the runner.
 */
export async function startProjector(options: StartProjectorOptions): Promise<ProjectorRunner & { ready: Promise<void> }> {
  const { db, store, projections } = options;
  const log = options.log ?? logTo(defaultLogger);
  const runner = createProjectorRunner(options);
  const checkpoints = await loadCheckpoints(db);
  const stale = projections.filter((p) => checkpoints.get(p.name)?.version !== p.version);
  for (const p of stale) runner.pause(p.name);
  await runner.start();
  const ready = (async () => {
    if (stale.length === 0) return;
    for (const projection of stale) {
      const was = checkpoints.get(projection.name)?.version;
      log(was === undefined ? `projector: building ${projection.name}` : `projector: rebuilding ${projection.name} (v${was} -> v${projection.version})`);
    }
    await rebuildProjections({ db, store, projections: stale, onlyIfStale: true });
    for (const projection of stale) runner.resume(projection.name);
  })();
  return { ...runner, ready };
}
