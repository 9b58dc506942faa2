import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REDACTED } from "@crm/contracts/erasure/redact";
import { redactEvent } from "@crm/contracts/erasure/redact-event";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { createPostgresStreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { rebuildProjection } from "../src/rebuild.ts";
import { reportsProjection } from "../src/reports/reports.projection.ts";
import { createProjectorRunner, type ProjectorRunner } from "../src/runner.ts";
import { drainTo, openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS = [reportsProjection];
/** The redactor seals each rewrite in the ledger; the ledger is not what this test is about. */
const NO_LEDGER = { sealRedactions: async () => undefined };

/** An instant of January 2026 (UTC): day of the month and hour. */
const jan = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour)).toISOString();

/** The colleagues: A's and C's creator, B's creator, and B's owner after a handover. */
const U1 = randomUUID();
const U2 = randomUUID();
const U3 = randomUUID();

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(`the reports projection on ${backend}${missing ? " (no Postgres server answers)" : ""}`, () => {
    let fixture: ProjectorFixture;
    let runner: ProjectorRunner;
    const versions = new Map<string, number>();

    beforeEach(async () => {
      fixture = await openProjectorFixture(backend);
      await rebuildProjection({ db: fixture.db, store: fixture.store, projection: reportsProjection });
      // Small batches: a lead's facts are loaded back from the tables between most of its events.
      runner = createProjectorRunner({ db: fixture.db, store: fixture.store, projections: PROJECTIONS, batchSize: 2, log: () => undefined });
      versions.clear();
    });
    afterEach(() => fixture.drop());

    /** Appends to a stream at a chosen instant as `actor`, then lets the projector apply it. */
    async function append(streamId: string, at: string, events: DomainEvent[], actor: string = U1) {
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      const { position } = await fixture.store.append(streamId, version, events, {
        commandId,
        metadata: { actor, at, commandId, correlationId: commandId },
      });
      versions.set(streamId, version + events.length);
      await drainTo(runner, fixture.db, PROJECTIONS, position);
    }

    const lead = (id: string, at: string, events: DomainEvent[], actor: string = U1) => append(leadStreamId(id), at, events, actor);

    /**
     * Three leads. A goes back and forth, skips a stage, is lost, reopened and won, and gets a call.
     * B is archived and restored, handed over, gets a meeting, a mail, a text (and a confirmation the
     * system sent: no one's work), a note, then is lost and archived. C is renamed, moved, lost and erased.
     */
    async function plant() {
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      await lead(a, jan(5, 9), [leadCreatedEvent(a, { name: "Ann", business: "Ann Co", source: "Referral", priority: "high" })]);
      await lead(b, jan(5, 10), [leadCreatedEvent(b, { name: "Bob", business: "Bob Co", source: null, priority: "low" })], U2);
      await lead(c, jan(5, 11), [leadCreatedEvent(c, { name: "Carl", business: "Carl Co", source: "Fair", priority: "medium" })]);
      await lead(a, jan(6, 9), [stageChangedEvent(a, "New Lead", "Contacted")]);
      await lead(b, jan(6, 10), [{ type: "LeadArchived", data: { leadId: b, name: "Bob", business: "Bob Co", reason: null } }], U2);
      await lead(c, jan(6, 11), [{ type: "LeadDetailsChanged", data: { leadId: c, changes: { name: "Carla" } } }]);
      await lead(a, jan(7, 9), [stageChangedEvent(a, "Contacted", "New Lead")]);
      await lead(c, jan(7, 11), [stageChangedEvent(c, "New Lead", "Contacted")]);
      await lead(a, jan(8, 9), [stageChangedEvent(a, "New Lead", "Proposal Sent")]);
      await lead(b, jan(8, 10), [{ type: "LeadRestored", data: { leadId: b } }], U2);
      await lead(c, jan(8, 11), [{ type: "LeadLost", data: { leadId: c, stage: "Contacted", reason: "Other", note: null } }]);
      await lead(a, jan(9, 9), [{ type: "LeadDealChanged", data: { leadId: a, changes: { valueMinor: 100_000, probability: 40, expectedCloseOn: "2026-03-15" } } }]);
      await lead(b, jan(9, 10), [{ type: "LeadOwnerChanged", data: { leadId: b, from: U2, to: U3 } }], U2);
      await lead(c, jan(9, 11), [{ type: "LeadErased", data: { leadId: c, streams: 1, events: 4 } }]);
      const meetingId = randomUUID();
      await append(meetingStreamId(meetingId), jan(9, 12), [{ type: "MeetingScheduled", data: meeting(meetingId, b) }], U2);
      await lead(a, jan(10, 9), [{ type: "LeadLost", data: { leadId: a, stage: "Proposal Sent", reason: "Budget", note: null } }]);
      await message(b, jan(10, 10), "email", U2);
      await message(b, jan(11, 10), "sms", U3);
      await message(b, jan(11, 11), "email", "system");
      await lead(a, jan(12, 9), [{ type: "LeadReopened", data: { leadId: a, stage: "Proposal Sent" } }]);
      await lead(b, jan(12, 10), [logged(b, "note")], U3);
      await lead(b, jan(13, 10), [{ type: "LeadLost", data: { leadId: b, stage: "New Lead", reason: "Timing", note: null } }], U3);
      await lead(b, jan(13, 11), [{ type: "LeadArchived", data: { leadId: b, name: "Bob", business: "Bob Co", reason: null } }], U3);
      await lead(a, jan(14, 9), [stageChangedEvent(a, "Proposal Sent", "Contract Signed"), { type: "LeadWon", data: { leadId: a, stage: "Contract Signed" } }]);
      await lead(a, jan(15, 9), [logged(a, "call")], U2);
      return { a, b, c };
    }

    const message = (leadId: string, at: string, kind: "email" | "sms", actor: string) => {
      const messageId = randomUUID();
      const event: DomainEvent =
        kind === "email"
          ? { type: "EmailRequested", data: { messageId, leadId, kind: "message", formType: null, to: "x@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" } }
          : { type: "SmsRequested", data: { messageId, leadId, to: "+15550100", body: "Hi" } };
      return append(messageStreamId(messageId), at, [event], actor);
    };

    async function rows(table: string, order: string) {
      const { rows: found } = await fixture.db.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`);
      return found;
    }

    /** Every row of the read model, each table in its key's order. */
    const dump = async () => ({
      leads: await rows("report_leads", "lead_id"),
      visits: await rows("report_stage_visits", "lead_id, visit"),
      states: await rows("report_lead_states", "lead_id, version"),
      activities: await rows("report_activities", "position"),
    });

    it("keeps each lead's outcome, stays, card states and work as the log says, dated by the events", async () => {
      const { a, b, c } = await plant();
      const leadRow = (id: string, name: string, business: string) => ({ lead_id: id, name, business });
      const expectedLeads = [
        {
          ...leadRow(a, "Ann", "Ann Co"),
          stage: "Contract Signed",
          status: "open",
          owner: U1,
          source: "Referral",
          priority: "high",
          value_minor: "100000",
          expected_close_on: "2026-03-15",
          probability: 40,
          created_at: jan(5, 9),
          won_at: jan(14, 9),
          lost_at: null, // cleared by the reopen
          lost_reason: null,
          stage_entered_at: jan(14, 9),
          last_touch_at: jan(15, 9), // the call; deal changes, losses and wins are no activity
          visit: 6,
          state_version: 8,
          state_from: jan(14, 9),
        },
        {
          ...leadRow(b, "Bob", "Bob Co"),
          stage: "New Lead",
          status: "archived",
          owner: U3,
          source: null,
          priority: "low",
          value_minor: null,
          expected_close_on: null,
          probability: null,
          created_at: jan(5, 10),
          won_at: null,
          lost_at: jan(13, 10), // kept through the archive
          lost_reason: "Timing",
          stage_entered_at: jan(8, 10), // the restore put it back in New Lead
          last_touch_at: jan(12, 10), // the note, after the system's mail of the 11th
          visit: 2,
          state_version: 7,
          state_from: jan(13, 11),
        },
        {
          ...leadRow(c, REDACTED, REDACTED),
          stage: "Contacted",
          status: "lost",
          owner: U1,
          source: REDACTED,
          priority: "medium",
          value_minor: null,
          expected_close_on: null,
          probability: null,
          created_at: jan(5, 11),
          won_at: null,
          lost_at: jan(8, 11),
          lost_reason: REDACTED,
          stage_entered_at: jan(7, 11),
          last_touch_at: jan(7, 11),
          visit: 2,
          state_version: 4,
          state_from: jan(8, 11),
        },
      ];
      const byId = (x: { lead_id: unknown }, y: { lead_id: unknown }) => String(x.lead_id).localeCompare(String(y.lead_id));
      expect(await rows("report_leads", "lead_id")).toEqual(expectedLeads.sort(byId));

      const visit = (lead_id: string, n: number, stage: string, entered_at: string, left_at: string | null) => ({ lead_id, visit: n, stage, entered_at, left_at });
      expect(await rows("report_stage_visits", "entered_at, lead_id")).toEqual([
        visit(a, 1, "New Lead", jan(5, 9), jan(6, 9)),
        visit(b, 1, "New Lead", jan(5, 10), jan(6, 10)), // left when archived
        visit(c, 1, "New Lead", jan(5, 11), jan(7, 11)),
        visit(a, 2, "Contacted", jan(6, 9), jan(7, 9)),
        visit(a, 3, "New Lead", jan(7, 9), jan(8, 9)), // back again: a stay of its own
        visit(c, 2, "Contacted", jan(7, 11), jan(8, 11)), // left when lost
        visit(a, 4, "Proposal Sent", jan(8, 9), jan(10, 9)), // Meeting Scheduled skipped
        visit(b, 2, "New Lead", jan(8, 10), jan(13, 10)), // restored, then lost
        visit(a, 5, "Proposal Sent", jan(12, 9), jan(14, 9)), // reopened
        visit(a, 6, "Contract Signed", jan(14, 9), null),
      ]);

      const state = (lead_id: string, version: number, valid_from: string, valid_to: string | null, card: Record<string, unknown>) => ({
        lead_id,
        version,
        valid_from,
        valid_to,
        value_minor: null,
        probability: null,
        ...card,
      });
      const ann = { name: "Ann", business: "Ann Co", owner: U1, priority: "high", source: "Referral", status: "open" };
      const bob = { name: "Bob", business: "Bob Co", owner: U2, priority: "low", source: null, status: "open", stage: "New Lead" };
      const carl = { name: REDACTED, business: REDACTED, owner: U1, priority: "medium", source: REDACTED, status: "open" };
      const deal = { value_minor: "100000", probability: 40 };
      expect(await rows("report_lead_states", "lead_id, version")).toEqual(
        [
          state(a, 1, jan(5, 9), jan(6, 9), { ...ann, stage: "New Lead", stage_entered_at: jan(5, 9) }),
          state(a, 2, jan(6, 9), jan(7, 9), { ...ann, stage: "Contacted", stage_entered_at: jan(6, 9) }),
          state(a, 3, jan(7, 9), jan(8, 9), { ...ann, stage: "New Lead", stage_entered_at: jan(7, 9) }),
          state(a, 4, jan(8, 9), jan(9, 9), { ...ann, stage: "Proposal Sent", stage_entered_at: jan(8, 9) }),
          state(a, 5, jan(9, 9), jan(10, 9), { ...ann, ...deal, stage: "Proposal Sent", stage_entered_at: jan(8, 9) }),
          state(a, 6, jan(10, 9), jan(12, 9), { ...ann, ...deal, status: "lost", stage: "Proposal Sent", stage_entered_at: jan(8, 9) }),
          state(a, 7, jan(12, 9), jan(14, 9), { ...ann, ...deal, stage: "Proposal Sent", stage_entered_at: jan(12, 9) }),
          // The win (version 9) and the call (10) change nothing the card shows.
          state(a, 8, jan(14, 9), null, { ...ann, ...deal, stage: "Contract Signed", stage_entered_at: jan(14, 9) }),
          state(b, 1, jan(5, 10), jan(6, 10), { ...bob, stage_entered_at: jan(5, 10) }),
          state(b, 2, jan(6, 10), jan(8, 10), { ...bob, status: "archived", stage_entered_at: jan(5, 10) }),
          state(b, 3, jan(8, 10), jan(9, 10), { ...bob, stage_entered_at: jan(8, 10) }),
          // The note (version 5) changes nothing the card shows.
          state(b, 4, jan(9, 10), jan(13, 10), { ...bob, owner: U3, stage_entered_at: jan(8, 10) }),
          state(b, 6, jan(13, 10), jan(13, 11), { ...bob, owner: U3, status: "lost", stage_entered_at: jan(8, 10) }),
          state(b, 7, jan(13, 11), null, { ...bob, owner: U3, status: "archived", stage_entered_at: jan(8, 10) }),
          // The rename is a personal value: once erased, the first two states are one, as a rebuild from the redacted log writes it.
          state(c, 1, jan(5, 11), jan(7, 11), { ...carl, stage: "New Lead", stage_entered_at: jan(5, 11) }),
          state(c, 3, jan(7, 11), jan(8, 11), { ...carl, stage: "Contacted", stage_entered_at: jan(7, 11) }),
          state(c, 4, jan(8, 11), null, { ...carl, status: "lost", stage: "Contacted", stage_entered_at: jan(7, 11) }),
        ].sort((x, y) => byId(x, y) || x.version - y.version),
      );

      const work = (await rows("report_activities", "position")).map(({ position, ...row }) => {
        expect(position).toMatch(/\d/);
        return row;
      });
      expect(work).toEqual([
        { actor: U2, kind: "meeting", at: jan(9, 12), lead_id: b },
        { actor: U2, kind: "email", at: jan(10, 10), lead_id: b },
        { actor: U3, kind: "sms", at: jan(11, 10), lead_id: b },
        { actor: U2, kind: "call", at: jan(15, 9), lead_id: a },
      ]);
    });

    it("writes the same rows in small batches, rebuilt from zero, and rebuilt from the log an erasure redacted", async () => {
      const { c } = await plant();
      const live = await dump();
      expect(JSON.stringify(live)).not.toMatch(/Carl|Fair|"Other"/);

      await rebuildProjection({ db: fixture.db, store: fixture.store, projection: reportsProjection });
      expect(await dump()).toEqual(live);

      await createPostgresStreamRedactor(fixture.db, NO_LEDGER).rewriteStreams([leadStreamId(c)], redactEvent);
      await rebuildProjection({ db: fixture.db, store: fixture.store, projection: reportsProjection });
      expect(await dump()).toEqual(live);
    });
  });
}

function meeting(meetingId: string, leadId: string): Extract<DomainEvent, { type: "MeetingScheduled" }>["data"] {
  return {
    meetingId,
    leadId,
    title: "Kick-off",
    type: "general",
    meetingType: "in-person",
    location: "Studio",
    startTime: jan(20, 10),
    endTime: jan(20, 11),
    notes: null,
    attendeeEmail: null,
    conferenceProvider: null,
    joinLink: null,
  };
}

function logged(leadId: string, activityType: "call" | "note"): DomainEvent {
  return { type: "LeadActivityLogged", data: { leadId, activityType, summary: `A ${activityType}`, details: null, followUpOn: null } };
}
