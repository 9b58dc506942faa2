import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { emptyAnswers } from "@crm/contracts/questionnaire/fields";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { formMailSentEvent, leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { onboardingProjection } from "../src/onboarding/onboarding.projection.ts";
import type { Projection } from "../src/projection.ts";
import { questionnaireProjection } from "../src/questionnaire/questionnaire.projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner } from "../src/runner.ts";
import { drainTo, dumpProjections, dumpTable, openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS: readonly Projection[] = [questionnaireProjection, onboardingProjection];

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`questionnaire and onboarding projections on ${backend}`, () => {
    let fx: ProjectorFixture;
    const versions = new Map<string, number>();
    let last = "";
    beforeEach(async () => {
      fx = await openProjectorFixture(backend);
      versions.clear();
    });
    afterEach(() => fx.drop());

    async function append(streamId: string, events: DomainEvent[], actor = "user-1") {
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      const at = new Date(Date.UTC(2026, 10, 21, 10, 0, versions.size + version)).toISOString();
      const result = await fx.store.append(streamId, version, events, {
        commandId,
        metadata: { actor, at, commandId, correlationId: commandId },
      });
      versions.set(streamId, result.nextVersion);
      if (result.position > last) last = result.position;
    }
    const created = (leadId: string): DomainEvent => leadCreatedEvent(leadId, { email: "a@b.co" });
    const moved = (leadId: string, from: LeadStage, to: LeadStage): DomainEvent => stageChangedEvent(leadId, from, to);
    const submitted = (leadId: string, version: number, goals: string): DomainEvent => ({
      type: "QuestionnaireSubmitted",
      data: { responseId: randomUUID(), leadId, version, answers: { ...emptyAnswers(), goals } },
    });
    const mail = (leadId: string): DomainEvent => formMailSentEvent(leadId);

    /** Two leads: one goes through onboarding and answers twice, one stays early and is archived after answering. */
    async function story(signed: string, early: string) {
      await append(`lead-${signed}`, [created(signed)]);
      await append(`lead-${early}`, [created(early)]);
      await append(`message-${randomUUID()}`, [mail(signed)], "system"); // before onboarding: not listed
      await append(`lead-${signed}`, [moved(signed, "New Lead", "Contract Signed")]);
      await append(`message-${randomUUID()}`, [mail(signed)], "system");
      await append(`questionnaire-${signed}`, [submitted(signed, 1, "first")], "public");
      await append(`questionnaire-${early}`, [submitted(early, 1, "hello")], "public");
      await append(`questionnaire-${signed}`, [submitted(signed, 2, "second")], "public");
      await append(`lead-${early}`, [moved(early, "New Lead", "Contacted")]);
      await append(`lead-${signed}`, [
        { type: "CreativeDirectorAssigned", data: { leadId: signed, creativeDirectorId: randomUUID() } },
        moved(signed, "Contract Signed", "Creative Director Assigned"),
      ]);
      await append(`lead-${early}`, [
        { type: "LeadArchived", data: { leadId: early, name: "Ada", business: "Lovelace Co", reason: null } },
      ]);
    }

    it("keeps every version, drops an archived lead's answers, and lists only onboarding events; a rebuild agrees", async () => {
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      const runner = createProjectorRunner({ db: fx.db, store: fx.store, projections: PROJECTIONS, batchSize: 2, log: () => undefined });
      const [signed, early] = [randomUUID(), randomUUID()];
      await story(signed, early);
      await drainTo(runner, fx.db, PROJECTIONS, last);

      const responses = (await dumpTable(fx.db, "questionnaire_responses")) as {
        lead_id: string;
        version: number;
        answers: { goals: string };
      }[];
      expect(responses.map((r) => [r.lead_id, r.version, r.answers.goals]).sort()).toEqual([
        [signed, 1, "first"],
        [signed, 2, "second"],
      ]);
      const { rows } = await fx.db.query<{ title: string; lead_id: string }>(
        "SELECT title, lead_id FROM onboarding_activities ORDER BY position",
      );
      expect(rows.map((r) => r.title)).toEqual([
        "Stage changed to Contract Signed",
        "Form sent: Complete Your Onboarding Questionnaire",
        "Onboarding questionnaire submitted",
        "Onboarding questionnaire updated (version 2)",
        "Creative director assigned",
        "Stage changed to Creative Director Assigned",
      ]);
      expect(rows.every((r) => r.lead_id === signed)).toBe(true);

      const incremental = await dumpProjections(fx.db, PROJECTIONS);
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      expect(await dumpProjections(fx.db, PROJECTIONS)).toEqual(incremental);
    });
  });
}
