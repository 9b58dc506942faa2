import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { migrate } from "@crm/infra/db/migrations";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { emptyAnswers } from "@crm/contracts/questionnaire/fields";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { activitiesProjection } from "../src/activities/activities.projection.ts";
import { checkpointMigrations, loadCheckpoints } from "../src/checkpoints.ts";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner, type ProjectorRunner } from "../src/runner.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS = [leadsProjection, activitiesProjection];

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`leads and activities projections on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let database: TestDatabase;
    let store: EventStore;
    let runner: ProjectorRunner;
    const versions = new Map<string, number>();
    const stages = new Map<string, LeadStage>();

    beforeEach(async () => {
      database = await createTestDatabase(backend);
      await migrate(database.db, [...eventStoreMigrations, ...checkpointMigrations]);
      store = createPostgresEventStore(database.db);
      for (const projection of PROJECTIONS) await rebuildProjection({ db: database.db, store, projection });
      runner = createProjectorRunner({ db: database.db, store, projections: PROJECTIONS, log: () => undefined });
      versions.clear();
      stages.clear();
    });
    afterEach(() => database.drop());

    /** Appends to a lead's stream and lets the projector apply it (one batch per call). */
    async function record(leadId: string, events: DomainEvent[], streamId = `lead-${leadId}`) {
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      const { position } = await store.append(streamId, version, events, {
        commandId,
        metadata: { actor: "user-1", at: new Date().toISOString(), commandId, correlationId: commandId },
      });
      versions.set(streamId, version + events.length);
      await caughtUpTo(position);
    }

    /** Runs batches until both projections have passed position: an event becomes readable only
     * once every older transaction of the cluster has ended, so "nothing read" is not "caught up". */
    async function caughtUpTo(position: string) {
      for (;;) {
        await runner.runOnce();
        const checkpoints = await loadCheckpoints(database.db);
        if (PROJECTIONS.every((p) => checkpoints.get(p.name)!.position >= position)) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    async function create(name: string): Promise<string> {
      const leadId = randomUUID();
      await record(leadId, [leadCreatedEvent(leadId, { name, business: `${name} Co`, email: `${name.toLowerCase()}@example.com` })]);
      return leadId;
    }

    /**
     * A card dropped in column `to` between two others, recorded as the decider records it: one
     * LeadStageChanged naming the neighbours, or a LeadMoved within the column. `asBefore` records it
     * as logs written before LeadStageChanged v2 hold it: a stage change, then a move.
     */
    async function move(leadId: string, to: LeadStage, afterId: string | null, beforeId: string | null, asBefore = false) {
      const from = stages.get(leadId) ?? "New Lead";
      const moved: DomainEvent = { type: "LeadMoved", data: { leadId, from, to, afterId, beforeId } };
      if (from === to) await record(leadId, [moved]);
      else
        await record(
          leadId,
          asBefore ? [stageChangedEvent(leadId, from, to), moved] : [stageChangedEvent(leadId, from, to, { afterId, beforeId })],
        );
      stages.set(leadId, to);
    }

    async function column(stage: LeadStage, names: Map<string, string>): Promise<string[]> {
      const { rows } = await database.db.query<{ id: string }>("SELECT id FROM leads WHERE stage = $1 ORDER BY rank, id", [stage]);
      return rows.map((r) => names.get(r.id) ?? r.id);
    }

    async function dump(table: string) {
      const { rows } = await database.db.query(`SELECT * FROM ${table} ORDER BY 1`);
      return JSON.parse(JSON.stringify(rows)) as unknown[];
    }

    for (const asBefore of [false, true]) {
      it(`keeps each column in the order cards were dropped, and a rebuild writes the same ranks${asBefore ? " (drops logged as before LeadStageChanged v2)" : ""}`, async () => {
        const [a, b, c] = [await create("A"), await create("B"), await create("C")];
        const names = new Map([
          [a, "A"],
          [b, "B"],
          [c, "C"],
        ]);
        expect(await column("New Lead", names)).toEqual(["C", "B", "A"]); // new cards go on top

        await move(a, "New Lead", c, b, asBefore);
        expect(await column("New Lead", names)).toEqual(["C", "A", "B"]);
        await move(b, "Contacted", null, null, asBefore);
        await move(c, "Contacted", b, null, asBefore);
        await move(a, "Contacted", null, b, asBefore);
        expect(await column("Contacted", names)).toEqual(["A", "B", "C"]);
        expect(await column("New Lead", names)).toEqual([]);
        await move(c, "Contacted", a, b, asBefore);
        expect(await column("Contacted", names)).toEqual(["A", "C", "B"]);
        await move(b, "Proposal Sent", null, null, asBefore);
        await move(a, "Proposal Sent", b, null, asBefore);
        expect(await column("Proposal Sent", names)).toEqual(["B", "A"]);

        const incremental = await dump("leads");
        await rebuildProjection({ db: database.db, store, projection: leadsProjection });
        expect(await dump("leads")).toEqual(incremental);
      });
    }

    it("places a card at the top when its neighbours have left the column", async () => {
      const [a, b, c] = [await create("A"), await create("B"), await create("C")];
      const names = new Map([
        [a, "A"],
        [b, "B"],
        [c, "C"],
      ]);
      await move(a, "Contacted", null, null);
      // The client still saw A in New Lead: the drop "after A" cannot be honoured there.
      await move(b, "New Lead", a, null);
      expect(await column("New Lead", names)).toEqual(["B", "C"]);
      // Only the neighbour below is still there: the card goes right above it.
      await move(c, "Contacted", randomUUID(), a);
      expect(await column("Contacted", names)).toEqual(["C", "A"]);
    });

    it("removes an archived lead from the board and its timeline, keeping the archive entry", async () => {
      const kept = await create("Kept");
      const gone = await create("Gone");
      await record(gone, [{ type: "LeadDetailsChanged", data: { leadId: gone, changes: { phone: "+1 555" } } }]);
      await record(gone, [{ type: "LeadArchived", data: { leadId: gone, name: "Gone", business: "Gone Co", reason: "Duplicate" } }]);

      const { rows: leads } = await database.db.query<{ id: string }>("SELECT id FROM leads");
      expect(leads.map((r) => r.id)).toEqual([kept]);
      const { rows: activities } = await database.db.query<{ lead_id: string; title: string; description: string }>(
        "SELECT lead_id, title, description FROM activities ORDER BY position",
      );
      expect(activities).toEqual([
        { lead_id: kept, title: "Lead created", description: "Kept from Kept Co" },
        { lead_id: gone, title: "Lead archived", description: "Gone from Gone Co: Duplicate" },
      ]);
    });

    it("keeps each stage's count equal to its leads through creates, moves, archives and a rebuild", async () => {
      const counted = async () => {
        const { rows } = await database.db.query<{ stage: string; kept: number; actual: number }>(
          `SELECT c.stage, c.leads AS kept, (SELECT count(*) FROM leads l WHERE l.stage = c.stage)::int AS actual
           FROM lead_stage_counts c ORDER BY c.stage`,
        );
        return rows;
      };
      const [a, b, c] = [await create("A"), await create("B"), await create("C")];
      await move(a, "Contacted", null, null);
      await move(b, "Contacted", a, null);
      await move(a, "Proposal Sent", null, null);
      await record(c, [{ type: "LeadArchived", data: { leadId: c, name: "C", business: "C Co", reason: null } }]);
      const brief = randomUUID();
      await record(brief, [
        leadCreatedEvent(brief, { name: "Brief", business: "Brief Co", email: "brief@example.com" }),
        stageChangedEvent(brief, "New Lead", "Meeting Scheduled"),
        { type: "LeadArchived", data: { leadId: brief, name: "Brief", business: "Brief Co", reason: null } },
      ]);

      const live = await counted();
      expect(live).toHaveLength(10);
      for (const row of live) expect(row.kept, row.stage).toBe(row.actual);
      expect(live.filter((row) => row.kept > 0).map((row) => [row.stage, row.kept])).toEqual([
        ["Contacted", 1],
        ["Proposal Sent", 1],
      ]);
      await rebuildProjection({ db: database.db, store, projection: leadsProjection });
      expect(await counted()).toEqual(live);
    });

    it("removes a lead created and archived within one batch", async () => {
      const leadId = randomUUID();
      await record(leadId, [
        leadCreatedEvent(leadId, { name: "Brief", business: "Brief Co", email: "b@example.com", priority: "low" }),
        { type: "LeadArchived", data: { leadId, name: "Brief", business: "Brief Co", reason: null } },
      ]);
      expect(await dump("leads")).toEqual([]);
      const { rows } = await database.db.query<{ title: string }>("SELECT title FROM activities");
      expect(rows).toEqual([{ title: "Lead archived" }]);
    });

    it("finds leads by any part of name, business or email through the trigram index, live and after a rebuild", async () => {
      const ada = await create("Ada");
      await create("Grace");
      /** The leads whose search text holds the fragment, and whether the index can answer it. */
      const search = (fragment: string) =>
        database.db.transaction(async (tx) => {
          await tx.exec("SET LOCAL enable_seqscan = off");
          const sql = "SELECT id FROM leads WHERE search LIKE $1";
          const plan = await tx.query<Record<string, unknown>>(`EXPLAIN ${sql}`, [`%${fragment}%`]);
          const { rows } = await tx.query<{ id: string }>(sql, [`%${fragment}%`]);
          return { ids: rows.map((r) => r.id), indexed: JSON.stringify(plan.rows).includes("leads_search") };
        });
      expect(await search("ada co")).toEqual({ ids: [ada], indexed: true });
      expect(await search("a@example")).toEqual({ ids: [ada], indexed: true });
      await rebuildProjection({ db: database.db, store, projection: leadsProjection });
      expect(await search("ada co")).toEqual({ ids: [ada], indexed: true });
    });

    it("drops timeline entries that arrive for a lead after it was archived", async () => {
      const leadId = await create("Late");
      const submitted = (version: number): DomainEvent => ({
        type: "QuestionnaireSubmitted",
        data: { responseId: randomUUID(), leadId, version, answers: emptyAnswers() },
      });
      await record(leadId, [submitted(1)], `questionnaire-${leadId}`);
      await record(leadId, [{ type: "LeadArchived", data: { leadId, name: "Late", business: "Late Co", reason: null } }]);
      await record(leadId, [submitted(2)], `questionnaire-${leadId}`);
      const { rows } = await database.db.query<{ title: string }>("SELECT title FROM activities WHERE lead_id = $1", [leadId]);
      expect(rows).toEqual([{ title: "Lead archived" }]);
      expect(
        activitiesProjection.topics([
          {
            ...submitted(3),
            eventId: randomUUID(),
            streamId: `questionnaire-${leadId}`,
            streamVersion: 3,
            position: "1-1",
            schemaVersion: 1,
            metadata: { actor: "public", at: new Date().toISOString(), commandId: "c", correlationId: "c" },
          },
        ]),
      ).toEqual(["activities", `activities:${leadId}`]);
    });
  });
}
