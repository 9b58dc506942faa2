import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EVENT_DEFINITIONS } from "@crm/contracts/events/registry";
import { buildHistory } from "@crm/contracts/history/build-history";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const DIRECTOR = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a99";

/**
 * A lead whose stream was written by an older release: CreativeDirectorUnassigned at schema
 * version 1, when the field was called previousDirectorId, and LeadStageChanged at version 1, before
 * it named where the card landed. Rows go in by SQL, as that release wrote them.
 */
async function insertOldStream(fixture: ProjectorFixture, leadId: string) {
  const streamId = `lead-${leadId}`;
  const rows: [string, number, object][] = [
    ["LeadCreated", 1, { leadId, name: "Old Lead", business: "Old Co", email: "old@example.com", phone: null, source: null, priority: "high", notes: null, proposalLink: null, contractStatus: null, stage: "New Lead" }],
    ["CreativeDirectorAssigned", 1, { leadId, creativeDirectorId: DIRECTOR }],
    ["CreativeDirectorUnassigned", 1, { leadId, previousDirectorId: DIRECTOR }],
    ["LeadStageChanged", 1, { leadId, from: "New Lead", to: "Contacted" }],
  ];
  await fixture.db.transaction(async (tx) => {
    await tx.query("INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, 'lead', $2)", [streamId, rows.length]);
    for (const [i, [type, schemaVersion, data]] of rows.entries()) {
      const at = new Date(Date.UTC(2024, 0, 1, 9, i)).toISOString();
      await tx.query(
        `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
        [streamId, i + 1, randomUUID(), type, schemaVersion, JSON.stringify(data), JSON.stringify({ actor: "system", at, commandId: `old-${i}`, correlationId: "old" })],
      );
    }
  });
  return streamId;
}

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`schema evolution on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`, () => {
    let fixture: ProjectorFixture;
    const leadId = randomUUID();
    beforeAll(async () => {
      fixture = await openProjectorFixture(backend);
      await insertOldStream(fixture, leadId);
    });
    afterAll(() => fixture?.drop());

    it("reads version 1 events through the store as the current version", async () => {
      expect(EVENT_DEFINITIONS.CreativeDirectorUnassigned.schemaVersion).toBe(2);
      expect(EVENT_DEFINITIONS.LeadStageChanged.schemaVersion).toBe(2);
      const events = await fixture.store.readStream(`lead-${leadId}`);
      const [unassigned, stageChanged] = events.slice(-2);
      expect(unassigned).toMatchObject({ type: "CreativeDirectorUnassigned", schemaVersion: 1, data: { leadId, creativeDirectorId: DIRECTOR } });
      expect(unassigned!.data).not.toHaveProperty("previousDirectorId");
      expect(stageChanged).toMatchObject({ type: "LeadStageChanged", schemaVersion: 1 });
      expect(stageChanged!.data).toEqual({ leadId, from: "New Lead", to: "Contacted", afterId: null, beforeId: null });
      const history = buildHistory(events, new Map());
      expect(history.at(-2)!.changes).toEqual([{ field: "creativeDirectorId", before: DIRECTOR, after: null }]);
      expect(history.at(-1)!.changes).toEqual([{ field: "stage", before: "New Lead", after: "Contacted" }]);
    });

    it("rebuilds a read model from the old events", async () => {
      // The global log holds back rows while older transactions anywhere on the server are open.
      const last = (await fixture.store.readStream(`lead-${leadId}`)).at(-1)!.position;
      await vi.waitFor(async () => expect((await fixture.store.currentPosition()) >= last).toBe(true), EVENTUALLY);
      await rebuildProjection({ db: fixture.db, store: fixture.store, projection: leadsProjection });
      const { rows } = await fixture.db.query<{ name: string; creative_director_id: string | null; stage: string; version: number }>(
        "SELECT name, creative_director_id, stage, version FROM leads WHERE id = $1",
        [leadId],
      );
      expect(rows).toEqual([{ name: "Old Lead", creative_director_id: null, stage: "Contacted", version: 4 }]);
    });
  });
}
