import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import type { Lead, LeadStage } from "@crm/contracts/lead/lead";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { checkpointMigrations, loadCheckpoints } from "../src/checkpoints.ts";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner, type ProjectorRunner } from "../src/runner.ts";
import { dumpProjections } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS = [leadsProjection];

/** lead_stage_counts as kept, beside the same sums recounted over the open rows (rounding each explicit weight half up). */
const KEPT_AND_RECOUNTED = `
  SELECT c.stage, c.leads, c.value_sum::bigint::text AS value_sum, c.explicit_weighted_sum::bigint::text AS explicit,
         c.default_value_sum::bigint::text AS by_default,
         r.leads AS recount_leads, r.value_sum AS recount_value_sum, r.explicit AS recount_explicit, r.by_default AS recount_by_default
  FROM lead_stage_counts c
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS leads, coalesce(sum(value_minor), 0)::bigint::text AS value_sum,
           coalesce(sum(round(value_minor * probability / 100.0)) FILTER (WHERE probability IS NOT NULL), 0)::bigint::text AS explicit,
           coalesce(sum(value_minor) FILTER (WHERE probability IS NULL), 0)::bigint::text AS by_default
    FROM leads l WHERE l.stage = c.stage
  ) r ORDER BY c.stage COLLATE "C"`;

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`the leads projection's deals on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let database: TestDatabase;
    let store: EventStore;
    let runner: ProjectorRunner;
    const versions = new Map<string, number>();
    let clock = Date.UTC(2026, 10, 27, 9, 0);

    beforeEach(async () => {
      database = await createTestDatabase(backend);
      await migrate(database.db, [...eventStoreMigrations, ...checkpointMigrations]);
      store = createPostgresEventStore(database.db);
      for (const projection of PROJECTIONS) await rebuildProjection({ db: database.db, store, projection });
      runner = createProjectorRunner({ db: database.db, store, projections: PROJECTIONS, log: () => undefined });
      versions.clear();
    });
    afterEach(() => database.drop());

    /** Appends to a lead's stream as `actor` and lets the projector apply it (one batch per call). */
    async function record(leadId: string, events: DomainEvent[], actor = "user-1") {
      const streamId = `lead-${leadId}`;
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      clock += 60_000;
      const { position } = await store.append(streamId, version, events, {
        commandId,
        metadata: { actor, at: new Date(clock).toISOString(), commandId, correlationId: commandId },
      });
      versions.set(streamId, version + events.length);
      for (;;) {
        await runner.runOnce();
        if ((await loadCheckpoints(database.db)).get("leads")!.position >= position) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    async function create(name: string, deal?: { valueMinor?: number | null; probability?: number | null }, actor = "user-1") {
      const leadId = randomUUID();
      await record(
        leadId,
        [
          leadCreatedEvent(leadId, { name, business: `${name} Co`, email: `${name.toLowerCase()}@example.com` }),
          ...(deal ? [{ type: "LeadDealChanged", data: { leadId, changes: deal } } as DomainEvent] : []),
        ],
        actor,
      );
      return leadId;
    }

    const deal = (leadId: string, changes: { valueMinor?: number | null; probability?: number | null; expectedCloseOn?: string | null }) =>
      record(leadId, [{ type: "LeadDealChanged", data: { leadId, changes } }]);
    const lose = (leadId: string, stage: LeadStage, reason = "Budget", note: string | null = null) =>
      record(leadId, [{ type: "LeadLost", data: { leadId, stage, reason, note } }]);
    const reopen = (leadId: string, stage: LeadStage) => record(leadId, [{ type: "LeadReopened", data: { leadId, stage } }]);
    const archive = (leadId: string) =>
      record(leadId, [{ type: "LeadArchived", data: { leadId, name: "x", business: "x", reason: null } }]);
    const restore = (leadId: string) => record(leadId, [{ type: "LeadRestored", data: { leadId } }]);

    async function expectTotalsRecounted() {
      const { rows } = await database.db.query<Record<string, unknown>>(KEPT_AND_RECOUNTED);
      expect(rows).toHaveLength(10);
      for (const row of rows) {
        expect([row.leads, row.value_sum, row.explicit, row.by_default], String(row.stage)).toEqual([
          row.recount_leads,
          row.recount_value_sum,
          row.recount_explicit,
          row.recount_by_default,
        ]);
      }
      return rows.filter((row) => row.leads !== 0).map((row) => [row.stage, row.leads, row.value_sum, row.explicit, row.by_default]);
    }

    async function card(leadId: string): Promise<{ table: string; lead: Lead }> {
      const { rows } = await database.db.query<{ t: string; card: string }>(
        "SELECT 'leads' AS t, card FROM leads WHERE id = $1 UNION ALL SELECT 'closed_leads', card FROM closed_leads WHERE id = $1",
        [leadId],
      );
      expect(rows, "a lead has one row, open or closed").toHaveLength(1);
      return { table: rows[0]!.t, lead: JSON.parse(rows[0]!.card) as Lead };
    }

    const column = async (stage: LeadStage) =>
      (await database.db.query<{ id: string }>("SELECT id FROM leads WHERE stage = $1 ORDER BY rank, id", [stage])).rows.map((r) => r.id);

    it("keeps each column's count, value and weighted parts equal to a recount through edits, moves, losses, reopenings, archives and restores, and a rebuild writes the same", async () => {
      const a = await create("A", { valueMinor: 10_005, probability: 35 });
      const b = await create("B", { valueMinor: 2_501 });
      const c = await create("C");
      const d = await create("D", { valueMinor: 99, probability: 50 });
      expect(await expectTotalsRecounted()).toEqual([["New Lead", 4, "12605", "3552", "2501"]]);

      await deal(b, { probability: 10 }); // from the default to its own
      await deal(a, { probability: null, valueMinor: 20_000 }); // back to the default, new value
      await deal(c, { valueMinor: 777, probability: 33 });
      await record(a, [stageChangedEvent(a, "New Lead", "Contacted")]);
      await record(d, [
        stageChangedEvent(d, "New Lead", "Proposal Sent"),
        { type: "LeadDealChanged", data: { leadId: d, changes: { valueMinor: 1 } } },
      ]);
      await expectTotalsRecounted();

      await lose(c, "New Lead", "Timing", "Next year");
      await lose(d, "Proposal Sent");
      expect(await expectTotalsRecounted()).toEqual([
        ["Contacted", 1, "20000", "0", "20000"],
        ["New Lead", 1, "2501", "250", "0"],
      ]);
      await reopen(d, "Proposal Sent");
      await archive(b);
      await archive(c); // a lost lead archived
      await expectTotalsRecounted();
      await restore(b); // back on the board
      await restore(c); // back among the lost
      await reopen(c, "New Lead");
      // One batch: lost and reopened, value changed, archived and restored.
      await record(a, [
        { type: "LeadLost", data: { leadId: a, stage: "Contacted", reason: "Budget", note: null } },
        { type: "LeadReopened", data: { leadId: a, stage: "Contacted" } },
        { type: "LeadDealChanged", data: { leadId: a, changes: { valueMinor: 30_001, probability: 67 } } },
        { type: "LeadArchived", data: { leadId: a, name: "A", business: "A Co", reason: null } },
        { type: "LeadRestored", data: { leadId: a } },
      ]);
      const live = await expectTotalsRecounted();
      expect(live).toEqual([
        ["Contacted", 1, "30001", "20101", "0"],
        ["New Lead", 2, "3278", "506", "0"],
        ["Proposal Sent", 1, "1", "1", "0"],
      ]);

      const before = await dumpProjections(database.db, PROJECTIONS);
      await rebuildProjection({ db: database.db, store, projection: leadsProjection });
      expect(await dumpProjections(database.db, PROJECTIONS)).toEqual(before);
    });

    it("keeps a lost lead out of leads with its reason, puts it back on top of its stage when reopened, and restores an archive to where it was", async () => {
      const [x, y] = [await create("X"), await create("Y")];
      const lost = await create("Lost", { valueMinor: 500 });
      expect(await column("New Lead")).toEqual([lost, y, x]);

      await lose(lost, "New Lead", "Budget", "Too dear");
      expect(await column("New Lead")).toEqual([y, x]);
      const closed = await card(lost);
      expect(closed.table).toBe("closed_leads");
      expect(closed.lead).toMatchObject({ status: "lost", stage: "New Lead", lostReason: "Budget", lostNote: "Too dear", valueMinor: 500 });
      expect(closed.lead.closedAt).toEqual(expect.any(String));
      const lostAt = closed.lead.closedAt;

      await record(x, [stageChangedEvent(x, "New Lead", "New Lead")]); // x now on top
      await reopen(lost, "New Lead");
      expect(await column("New Lead")).toEqual([lost, x, y]);
      expect((await card(lost)).lead).toMatchObject({ status: "open", closedAt: null, lostReason: null, lostNote: null });

      await lose(lost, "New Lead", "Timing", null);
      const { lead: lostAgain } = await card(lost);
      await archive(lost);
      const archived = await card(lost);
      expect(archived.table).toBe("closed_leads");
      expect(archived.lead).toMatchObject({ status: "archived", lostReason: "Timing" });
      expect(archived.lead.closedAt! > lostAgain.closedAt!).toBe(true);
      await restore(lost);
      expect((await card(lost)).lead).toMatchObject({ status: "lost", lostReason: "Timing", closedAt: lostAgain.closedAt });
      expect(lostAgain.closedAt).not.toBe(lostAt);

      await archive(y);
      expect(await column("New Lead")).toEqual([x]);
      expect((await card(y)).lead).toMatchObject({ status: "archived", lostReason: null });
      await restore(y);
      expect(await column("New Lead")).toEqual([y, x]);
      expect((await card(y)).lead).toMatchObject({ status: "open", closedAt: null });
    });

    it("owns a deal by its creator until reassigned, keeps its terms and the first win, and folds accents and case into search", async () => {
      const leadId = await create("Gómez", undefined, "creator-1");
      expect((await card(leadId)).lead).toMatchObject({
        createdBy: "creator-1",
        assignedTo: "creator-1",
        valueMinor: null,
        expectedCloseOn: null,
        probability: null,
        wonAt: null,
        status: "open",
      });
      const owner = randomUUID();
      await record(leadId, [{ type: "LeadOwnerChanged", data: { leadId, from: null, to: owner } }]);
      await deal(leadId, { valueMinor: 123_456, expectedCloseOn: "2027-03-31", probability: 40 });
      await record(leadId, [
        stageChangedEvent(leadId, "New Lead", "Contract Signed"),
        { type: "LeadWon", data: { leadId, stage: "Contract Signed" } },
      ]);
      const { lead: won } = await card(leadId);
      expect(won).toMatchObject({ assignedTo: owner, valueMinor: 123_456, expectedCloseOn: "2027-03-31", probability: 40 });
      expect(won.wonAt).toEqual(expect.any(String));
      await record(leadId, [{ type: "LeadWon", data: { leadId, stage: "Active" } }]);
      expect((await card(leadId)).lead.wonAt).toBe(won.wonAt);

      const { rows } = await database.db.query<{ search: string; assigned_to: string }>(
        "SELECT search, assigned_to FROM leads WHERE id = $1",
        [leadId],
      );
      expect(rows[0]).toEqual({ search: "gomez gomez co gómez@example.com".normalize("NFD").replace(/\p{M}/gu, ""), assigned_to: owner });
      await lose(leadId, "Contract Signed");
      const closed = await database.db.query<{ id: string }>("SELECT id FROM closed_leads WHERE search LIKE '%gomez%'");
      expect(closed.rows.map((r) => r.id)).toEqual([leadId]);
    });
  });
}
