import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { activitiesProjection } from "../src/activities/activities.projection.ts";
import { onboardingProjection } from "../src/onboarding/onboarding.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner, type ProjectorRunner } from "../src/runner.ts";
import { caughtUp, dumpProjections, openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS = [activitiesProjection, onboardingProjection];
const START = "2030-03-05T09:00:00.000Z";

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(
    `the activities timeline's instants and follow-ups on ${backend}${missing ? " (no Postgres server answers)" : ""}`,
    () => {
      let fixture: ProjectorFixture;
      let runner: ProjectorRunner;
      const versions = new Map<string, number>();
      let clock = Date.UTC(2026, 10, 27, 9, 0);

      beforeEach(async () => {
        fixture = await openProjectorFixture(backend);
        for (const projection of PROJECTIONS) await rebuildProjection({ db: fixture.db, store: fixture.store, projection });
        runner = createProjectorRunner({ db: fixture.db, store: fixture.store, projections: PROJECTIONS, log: () => undefined });
        versions.clear();
      });
      afterEach(() => fixture.drop());

      /** Appends to a stream and lets the projector apply it: one batch per call, as the live runner meets them. */
      async function record(streamId: string, events: DomainEvent[]) {
        const version = versions.get(streamId) ?? 0;
        const commandId = randomUUID();
        clock += 60_000;
        const { position } = await fixture.store.append(streamId, version, events, {
          commandId,
          metadata: { actor: "user-1", at: new Date(clock).toISOString(), commandId, correlationId: commandId },
        });
        versions.set(streamId, version + events.length);
        while (!(await caughtUp(fixture.db, PROJECTIONS, position))) await runner.runOnce();
      }

      it("keeps a meeting's instant and a logged activity's follow-up in their columns, and a rebuild writes the same", async () => {
        const leadId = randomUUID();
        const meetingId = randomUUID();
        await record(`lead-${leadId}`, [leadCreatedEvent(leadId, { name: "Ada", business: "Engines", email: "ada@example.com" })]);
        await record(`lead-${leadId}`, [
          {
            type: "LeadActivityLogged",
            data: { leadId, activityType: "call", summary: "Talked budgets", details: "Quote by Friday", followUpOn: "2030-03-06" },
          },
        ]);
        await record(`meeting-${meetingId}`, [
          {
            type: "MeetingScheduled",
            data: {
              meetingId,
              leadId,
              title: "Kick-off",
              type: "general",
              meetingType: "in-person",
              location: "Studio",
              startTime: START,
              endTime: "2030-03-05T10:00:00.000Z",
              notes: null,
              attendeeEmail: null,
              conferenceProvider: null,
              joinLink: null,
            },
          },
        ]);
        await record(`meeting-${meetingId}`, [
          {
            type: "MeetingRescheduled",
            data: {
              meetingId,
              leadId,
              title: "Kick-off",
              startTime: "2030-03-07T15:30:00.000Z",
              endTime: "2030-03-07T16:00:00.000Z",
              sequence: 1,
            },
          },
        ]);

        const { rows } = await fixture.db.query<{
          type: string;
          title: string;
          description: string | null;
          at: string | null;
          follow_up_on: string | null;
        }>("SELECT type, title, description, at, follow_up_on FROM activities WHERE lead_id = $1 ORDER BY position", [leadId]);
        expect(rows).toEqual([
          { type: "note", title: "Lead created", description: "Ada from Engines", at: null, follow_up_on: null },
          { type: "call", title: "Call: Talked budgets", description: "Quote by Friday", at: null, follow_up_on: "2030-03-06" },
          { type: "meeting", title: "Meeting scheduled: Kick-off", description: "at Studio", at: START, follow_up_on: null },
          {
            type: "meeting",
            title: "Meeting rescheduled: Kick-off",
            description: null,
            at: "2030-03-07T15:30:00.000Z",
            follow_up_on: null,
          },
        ]);

        const incremental = await dumpProjections(fixture.db, PROJECTIONS);
        for (const projection of PROJECTIONS) await rebuildProjection({ db: fixture.db, store: fixture.store, projection });
        expect(await dumpProjections(fixture.db, PROJECTIONS)).toEqual(incremental);
      });
    },
  );
}
