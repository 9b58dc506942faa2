import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REDACTED } from "@crm/contracts/erasure/redact";
import { redactEvent } from "@crm/contracts/erasure/redact-event";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { createPostgresStreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { leadsProjection } from "../src/leads/leads.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner } from "../src/runner.ts";
import { drainTo, dumpProjections, openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS = [leadsProjection];
/** The redactor seals each rewrite in the ledger; the ledger is not what this test is about. */
const NO_LEDGER = { sealRedactions: async () => undefined };

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`an erased lead's row on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let fixture: ProjectorFixture;
    beforeEach(async () => {
      fixture = await openProjectorFixture(backend);
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fixture.db, store: fixture.store, projection });
    });
    afterEach(() => fixture.drop());

    async function append(streamId: string, version: number, events: DomainEvent[]) {
      const commandId = randomUUID();
      const at = new Date(Date.UTC(2026, 10, 27, 9, version)).toISOString();
      return fixture.store.append(streamId, version, events, { commandId, metadata: { actor: "user-1", at, commandId, correlationId: commandId } });
    }

    it("is the same whether the live projector saw the personal values or the rebuild saw them redacted", async () => {
      const leadId = randomUUID();
      const stream = `lead-${leadId}`;
      await append(stream, 0, [
        leadCreatedEvent(leadId, { name: "Hal Historian", email: "hal@example.com", phone: "+1 555 0100", notes: "Met at the fair", proposalLink: "https://hal.example/p" }),
        { type: "LeadEmailBounced", data: { leadId, address: "hal@example.com", status: "5.1.1", reason: "no such user", inboundId: randomUUID() } },
        { type: "LeadLost", data: { leadId, stage: "New Lead", reason: "Budget", note: "Hal went elsewhere" } },
      ]);
      const { position } = await append(stream, 3, [{ type: "LeadErased", data: { leadId, streams: 1, events: 3 } }]);
      const runner = createProjectorRunner({ db: fixture.db, store: fixture.store, projections: PROJECTIONS, log: () => undefined });
      await drainTo(runner, fixture.db, PROJECTIONS, position);
      const live = await dumpProjections(fixture.db, PROJECTIONS);

      await createPostgresStreamRedactor(fixture.db, NO_LEDGER).rewriteStreams([stream], redactEvent);
      await rebuildProjection({ db: fixture.db, store: fixture.store, projection: leadsProjection });
      const rebuilt = await dumpProjections(fixture.db, PROJECTIONS);

      expect(live).toEqual(rebuilt);
      const [row] = live.closed_leads as Record<string, unknown>[];
      expect(row).toMatchObject({ name: REDACTED, email: REDACTED, phone: REDACTED, notes: REDACTED, lost_note: REDACTED, version: 4 });
      expect(JSON.stringify(live)).not.toMatch(/Hal|hal@|0100|fair|elsewhere|no such user/);
    });
  });
}
