import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { emptyAnswers } from "@crm/contracts/questionnaire/fields";
import { formMailSentEvent, leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { loadCheckpoints } from "../src/checkpoints.ts";
import type { Projection } from "../src/projection.ts";
import { ALL_PROJECTIONS } from "../src/projections.ts";
import { rebuildProjection, rebuildProjections, type RebuildProgress } from "../src/rebuild.ts";
import { createProjectorRunner } from "../src/runner.ts";
import {
  countingProjection,
  drainTo,
  dumpProjections,
  headReaches,
  openProjectorFixture,
  type ProjectorFixture,
} from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();

/** Every row of every table of the read models, in an order that does not depend on how the rows were written. */
async function contents(fx: ProjectorFixture, projections: readonly Projection[]) {
  const dump = await dumpProjections(fx.db, projections);
  return Object.fromEntries(Object.entries(dump).map(([table, rows]) => [table, rows.map((r) => JSON.stringify(r)).sort()]));
}

/** A projection whose every batch takes a while longer, so the read models go at different paces. */
const slowed = (projection: Projection): Projection => ({
  ...projection,
  apply: async (tx, events) => {
    await new Promise((resolve) => setTimeout(resolve, 15));
    await projection.apply(tx, events);
  },
});

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`rebuild on ${backend}`, () => {
    let fx: ProjectorFixture;
    let last = "";
    let appended = 0;
    beforeEach(async () => {
      fx = await openProjectorFixture(backend);
      last = "";
      appended = 0;
    });
    afterEach(() => fx.drop());

    async function append(streamId: string, events: DomainEvent[], actor = "user-1") {
      const commandId = randomUUID();
      const at = new Date(Date.UTC(2026, 10, 21, 10, 0, appended++)).toISOString();
      const result = await fx.store.append(streamId, "any", events, {
        commandId,
        metadata: { actor, at, commandId, correlationId: commandId },
      });
      if (result.position > last) last = result.position;
    }
    const archived = (leadId: string): DomainEvent => ({
      type: "LeadArchived",
      data: { leadId, name: "Gone", business: "Gone Co", reason: null },
    });
    const mail = (leadId: string): DomainEvent => formMailSentEvent(leadId, 'Say "hi" \\ {now}');

    /** Six leads moved into onboarding and on, with mail and answers; two archived, one early and one late, and mail after an archive. */
    async function seedStory() {
      const ids = Array.from({ length: 6 }, () => randomUUID());
      for (const id of ids) await append(`lead-${id}`, [leadCreatedEvent(id, { email: "a@b.co" })]);
      for (const [i, id] of ids.entries()) {
        await append(`lead-${id}`, [stageChangedEvent(id, "New Lead", "Contract Signed")]);
        await append(`message-${randomUUID()}`, [mail(id)], "system");
        if (i % 2 === 0) {
          const answers = { ...emptyAnswers(), goals: `line one\nline "two"` };
          await append(
            `questionnaire-${id}`,
            [{ type: "QuestionnaireSubmitted", data: { responseId: randomUUID(), leadId: id, version: 1, answers } }],
            "public",
          );
        }
      }
      await append(`lead-${ids[1]}`, [archived(ids[1]!)]);
      await append(`message-${randomUUID()}`, [mail(ids[1]!)], "system");
      for (const id of ids) await append(`lead-${id}`, [stageChangedEvent(id, "Contract Signed", "Active")]);
      await append(`lead-${ids[4]}`, [archived(ids[4]!)]);
      await headReaches(fx.store, last);
    }

    async function indexesOf(table: string): Promise<string[]> {
      const { rows } = await fx.db.query<{ name: string }>(
        "SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY 1",
        [table],
      );
      return rows.map((r) => r.name);
    }

    it("builds every read model at its own pace, in small batches, as each one alone in one batch", async () => {
      await seedStory();
      const progress: RebuildProgress[] = [];
      const together = ALL_PROJECTIONS.map((p) => (p.name === "activities" ? slowed(p) : p));
      await rebuildProjections({ db: fx.db, store: fx.store, projections: together, batchSize: 4, onProgress: (p) => progress.push(p) });
      const inSmallBatches = await contents(fx, ALL_PROJECTIONS);

      for (const projection of ALL_PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection, batchSize: 1000 });
      expect(inSmallBatches).toEqual(await contents(fx, ALL_PROJECTIONS));
      expect(inSmallBatches.activities!.length).toBeGreaterThan(10);

      const processed = progress.map((p) => p.processed);
      expect(processed).toEqual([...processed].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ processed: progress.at(-1)!.total });
      const checkpoints = await loadCheckpoints(fx.db);
      for (const projection of ALL_PROJECTIONS) expect(checkpoints.get(projection.name)!.position).toBe(last);
      // The keys and the indexes left out of the fill are there once it is swapped in.
      expect(await indexesOf("activities")).toEqual(["activities_lead", "activities_pkey", "activities_recent"]);
      expect(await indexesOf("onboarding_activities")).toEqual([
        "onboarding_activities_lead",
        "onboarding_activities_pkey",
        "onboarding_activities_recent",
      ]);
    });

    it("builds what the live runner built batch by batch from the first event", async () => {
      await rebuildProjections({ db: fx.db, store: fx.store, projections: ALL_PROJECTIONS });
      await seedStory();
      const runner = createProjectorRunner({
        db: fx.db,
        store: fx.store,
        projections: ALL_PROJECTIONS,
        batchSize: 3,
        log: () => undefined,
      });
      await drainTo(runner, fx.db, ALL_PROJECTIONS, last);
      const incremental = await contents(fx, ALL_PROJECTIONS);

      await rebuildProjections({ db: fx.db, store: fx.store, projections: ALL_PROJECTIONS, batchSize: 4 });
      expect(await contents(fx, ALL_PROJECTIONS)).toEqual(incremental);
    });

    it("stops when one read model fails: the error is thrown, the served tables and checkpoints stay, no shadow schema is left", async () => {
      await seedStory();
      const projections = [...ALL_PROJECTIONS, countingProjection("event_counts")];
      await rebuildProjections({ db: fx.db, store: fx.store, projections });
      const before = await contents(fx, projections);
      const checkpoints = await loadCheckpoints(fx.db);
      await append(`lead-${randomUUID()}`, [leadCreatedEvent(randomUUID(), { email: "new@b.co" })]);
      await headReaches(fx.store, last);

      let batches = 0;
      const failing: Projection = {
        ...countingProjection("event_counts"),
        async apply() {
          if (++batches === 3) throw new Error("handler failed in the third batch");
        },
      };
      const rebuild = rebuildProjections({
        db: fx.db,
        store: fx.store,
        projections: [...ALL_PROJECTIONS.map(slowed), failing],
        batchSize: 3,
      });
      await expect(rebuild).rejects.toThrow("handler failed in the third batch");

      expect(await contents(fx, projections)).toEqual(before);
      expect(await loadCheckpoints(fx.db)).toEqual(checkpoints);
      const { rows } = await fx.db.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'");
      expect(rows).toEqual([]);
    });
  });
}
