import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "@crm/infra/db/database";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { postgresAvailable } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { activitiesProjection } from "../src/activities/activities.projection.ts";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import { startProjector } from "../src/projector.ts";
import { rebuildProjections } from "../src/rebuild.ts";
import { caughtUp, dumpProjections, headReaches, openProjectorFixture, seedLeads, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const quiet = () => undefined;
const PROJECTIONS = [leadsProjection, activitiesProjection];

// Two projector processes need two connections; PGlite has one per process and cannot be shared.
describe.skipIf(!hasPostgres)("two projector processes starting at once on Postgres (needs a server)", () => {
  let fx: ProjectorFixture;
  let dbs: Database[] = [];
  beforeEach(async () => {
    fx = await openProjectorFixture("postgres");
    dbs = [createPostgresDatabase(fx.url!), createPostgresDatabase(fx.url!)];
  });
  afterEach(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await fx.drop();
  });

  it("both build the new read models without failing, and the result is one correct build", async () => {
    const { position } = await seedLeads(fx.store, 20, 2);
    await headReaches(fx.store, position);
    const projectors = await Promise.all(
      dbs.map((db) => startProjector({ db, store: fx.store, projections: PROJECTIONS, pollMs: 50, log: quiet })),
    );
    try {
      await Promise.all(projectors.map((p) => p.ready));
      const more = await seedLeads(fx.store, 3, 1);
      await vi.waitFor(async () => expect(await caughtUp(fx.db, PROJECTIONS, more.position)).toBe(true), EVENTUALLY);
    } finally {
      await Promise.all(projectors.map((p) => p.stop()));
    }
    const built = await dumpProjections(fx.db, PROJECTIONS);
    expect(built.leads).toHaveLength(23);
    const { rows } = await fx.db.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'");
    expect(rows).toEqual([]);
    await rebuildProjections({ db: fx.db, store: fx.store, projections: PROJECTIONS });
    expect(await dumpProjections(fx.db, PROJECTIONS)).toEqual(built);
  });
});
