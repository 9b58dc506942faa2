import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { LEAD_STAGES, type LeadStageName } from "@crm/contracts/lead/stages";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { availableBackends } from "@crm/infra/testing/test-database";
import { rebuildProjections } from "@crm/projector/rebuild";
import { reportsProjection } from "@crm/projector/reports/reports.projection";
import { call, type CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

/** The owners, fixed so that ordering by id is known: O1 sorts before O2. */
const O1 = "11111111-1111-4111-8111-111111111111";
const O2 = "22222222-2222-4222-8222-222222222222";
/** The reports' clock: a Tuesday in March 2026, so "this month" is March in Berlin. */
const NOW = "2026-03-10T12:00:00.000Z";
/** February 2026 in Berlin (Sunday the 1st to Saturday the 28th): [Jan 31 23:00Z, Feb 28 23:00Z). */
const FEBRUARY = "from=2026-02-01&to=2026-02-28";
const PERIOD = { from: "2026-02-01", to: "2026-02-28", timeZone: "Europe/Berlin" };

/** An instant in UTC: "02-05T10:00" of 2026. */
const at = (when: string) => new Date(`2026-${when}:00Z`).toISOString();

/** Each stage's figures, from the entries given and zeros (or nothing) for the rest. */
function everyStage<T>(zero: (stage: LeadStageName) => T, given: Partial<Record<LeadStageName, Partial<T>>>) {
  return LEAD_STAGES.map((stage) => ({ ...zero(stage), ...given[stage] }));
}

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`the reports API on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let manager: SignedIn;
    let director: SignedIn;
    let last = "";
    const versions = new Map<string, number>();
    const ids: Record<string, string> = {};
    let realNow: () => Date;

    /** Appends events to a stream as `actor`, stamped at a chosen instant. */
    async function append(streamId: string, when: string, events: DomainEvent[], actor: string) {
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      const { position } = await app.system.store.append(streamId, version, events, {
        commandId,
        metadata: { actor, at: at(when), commandId, correlationId: commandId },
      });
      versions.set(streamId, version + events.length);
      if (position > last) last = position;
    }

    const lead = (name: string, when: string, events: DomainEvent[], actor: string) => append(leadStreamId(ids[name]!), when, events, actor);

    async function create(name: string, when: string, owner: string, fields: Parameters<typeof leadCreatedEvent>[1]) {
      ids[name] = randomUUID();
      await lead(name, when, [leadCreatedEvent(ids[name], { name, business: `${name} Co`, email: `${name.toLowerCase()}@example.com`, ...fields })], owner);
    }

    const move = (name: string, when: string, from: LeadStageName, to: LeadStageName, actor: string) =>
      lead(name, when, [stageChangedEvent(ids[name]!, from, to)], actor);
    const win = (name: string, when: string, from: LeadStageName, actor: string) =>
      lead(name, when, [stageChangedEvent(ids[name]!, from, "Contract Signed"), { type: "LeadWon", data: { leadId: ids[name]!, stage: "Contract Signed" } }], actor);
    const deal = (name: string, when: string, changes: { valueMinor?: number; probability?: number; expectedCloseOn?: string }, actor: string) =>
      lead(name, when, [{ type: "LeadDealChanged", data: { leadId: ids[name]!, changes } }], actor);

    /** A piece of work on a lead: a logged call, or a meeting, mail or text on a stream of its own. */
    async function work(kind: "call" | "meeting" | "email" | "sms", name: string, when: string, actor: string) {
      const leadId = ids[name]!;
      const id = randomUUID();
      if (kind === "call")
        return lead(name, when, [{ type: "LeadActivityLogged", data: { leadId, activityType: "call", summary: "Call", details: null, followUpOn: null } }], actor);
      if (kind === "meeting") {
        const data = { meetingId: id, leadId, title: "Kick-off", type: "general", meetingType: "in-person", location: "Studio", startTime: at("03-20T10:00"), endTime: at("03-20T11:00"), notes: null, attendeeEmail: null, conferenceProvider: null, joinLink: null } as const;
        return append(meetingStreamId(id), when, [{ type: "MeetingScheduled", data }], actor);
      }
      const event: DomainEvent =
        kind === "email"
          ? { type: "EmailRequested", data: { messageId: id, leadId, kind: "message", formType: null, to: "x@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" } }
          : { type: "SmsRequested", data: { messageId: id, leadId, to: "+15550100", body: "Hi" } };
      return append(messageStreamId(id), when, [event], actor);
    }

    /** A GET as `who` once the read models have every append. */
    async function get(path: string, who: SignedIn = manager): Promise<CallResult> {
      let result: CallResult;
      // Another database's long transaction on a shared Postgres may hold the log back: ask again rather than fail on timing.
      for (let attempt = 0; ; attempt++) {
        result = await call(app, path, { bearer: who.token, headers: { "X-Min-Position": last } });
        if (result.headers.get("x-stale") !== "true" || attempt >= 30) break;
      }
      expect(result.headers.get("x-stale")).toBeNull();
      return result;
    }

    const body = async (path: string) => {
      const result = await get(path);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body;
    };

    /**
     * The log, in UTC, read in Berlin (UTC+1) with weeks from Sunday:
     * - Ann (O1, Web, high): created Jan 20, Contacted Feb 2, worth 500.00 on Feb 3, Proposal Sent Feb 5 (skipping
     *   Meeting Scheduled), won Feb 10.
     * - Ben (O2, Referral, low): created Jan 31 23:30 (Feb 1 in Berlin), Contacted Feb 3 11:30, lost Feb 6 23:30 (Budget).
     * - Cat (O2, Web, medium): created Feb 4, Contacted Feb 8, won Feb 14, worth 200.00.
     * - Dan (O1, no source, high): created Feb 27 22:30, worth 100.00 at 50 % due Jan 15 (overdue).
     * - Eve (O1, Web, low): created Feb 10, archived Feb 11: in no report.
     * - Fay (O2, Referral, medium): created Feb 28 23:30 (March 1 in Berlin), worth 300.00 due Sep 10.
     * - Gus (O2, Referral, medium): created Mar 2, worth 123.45 at 33 %, no date.
     */
    async function plant() {
      await create("Ann", "01-20T10:00", O1, { source: "Web", priority: "high" });
      await create("Ben", "01-31T23:30", O2, { source: "Referral", priority: "low" });
      await move("Ann", "02-02T10:00", "New Lead", "Contacted", O1);
      await deal("Ann", "02-03T10:00", { valueMinor: 50_000 }, O1);
      await move("Ben", "02-03T11:30", "New Lead", "Contacted", O2);
      await create("Cat", "02-04T10:00", O2, { source: "Web", priority: "medium" });
      await move("Ann", "02-05T10:00", "Contacted", "Proposal Sent", O1);
      await lead("Ben", "02-06T23:30", [{ type: "LeadLost", data: { leadId: ids.Ben!, stage: "Contacted", reason: "Budget", note: null } }], O2);
      await move("Cat", "02-08T10:00", "New Lead", "Contacted", O2);
      await win("Ann", "02-10T10:00", "Proposal Sent", O1);
      await create("Eve", "02-10T10:00", O1, { source: "Web", priority: "low" });
      await lead("Eve", "02-11T10:00", [{ type: "LeadArchived", data: { leadId: ids.Eve!, name: "Eve", business: "Eve Co", reason: null } }], O1);
      await win("Cat", "02-14T10:00", "Contacted", O2);
      await deal("Cat", "02-14T10:00", { valueMinor: 20_000 }, O2);
      await create("Dan", "02-27T22:30", O1, { source: null, priority: "high" });
      await deal("Dan", "02-27T22:30", { valueMinor: 10_000, probability: 50, expectedCloseOn: "2026-01-15" }, O1);
      await create("Fay", "02-28T23:30", O2, { source: "Referral", priority: "medium" });
      await deal("Fay", "02-28T23:30", { valueMinor: 30_000, expectedCloseOn: "2026-09-10" }, O2);
      await create("Gus", "03-02T09:00", O2, { source: "Referral", priority: "medium" });
      await deal("Gus", "03-02T09:00", { valueMinor: 12_345, probability: 33 }, O2);

      await work("call", "Ann", "01-31T23:15", O1); // Sunday Feb 1, 00:15 in Berlin: the first week
      await work("email", "Ann", "02-07T22:30", O1); // Saturday 23:30 in Berlin: still the first week
      await work("sms", "Ben", "02-07T23:30", O2); // Sunday Feb 8, 00:30 in Berlin: the second
      await work("meeting", "Cat", "02-09T10:00", O1);
      await work("call", "Eve", "02-10T12:00", O1); // an archived lead's
      await work("email", "Ann", "02-12T10:00", "system"); // nobody's work
      await work("call", "Dan", "02-28T22:30", O2); // Saturday 23:30 in Berlin: the last week of February
      await work("call", "Fay", "03-01T10:00", O2); // March
    }

    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = await signUpAs(app, { role: "Partner" });
      manager = await signUpAs(app, { role: "Project Manager" });
      director = await signUpAs(app, { role: "Creative Director" });
      const settings = await call(app, "/api/settings", {
        method: "PATCH",
        bearer: partner.token,
        body: { timeZone: "Europe/Berlin", weekStart: "Sunday", currency: "EUR", stageProbabilities: { "New Lead": 20 } },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      last = settings.body.position ?? last;
      await plant();
      realNow = app.system.now;
      app.system.now = () => new Date(NOW);
    });
    afterAll(async () => {
      if (realNow) app.system.now = realNow;
      await app?.close();
    });

    it("counts the funnel from each stage entered in the period, a skipped stage reached by a later one", async () => {
      const zero = (stage: LeadStageName) => ({
        stage,
        entered: 0,
        reached: LEAD_STAGES.slice(LEAD_STAGES.indexOf(stage) + 1).map((later) => ({ stage: later, count: 0 })),
        won: 0,
        lost: 0,
      });
      /** How many reached each later stage, from the first later one on. */
      const reached = (stage: LeadStageName, counts: number[]) =>
        LEAD_STAGES.slice(LEAD_STAGES.indexOf(stage) + 1).map((later, i) => ({ stage: later, count: counts[i] ?? 0 }));
      // New Lead: Ben (Feb 1 in Berlin), Cat, Dan; not Ann (January), Eve (archived) or Fay (March in Berlin).
      // Contacted: Ann, Ben, Cat. Proposal Sent: Ann. Contract Signed: Ann, Cat (won as they entered).
      expect(await body(`/api/reports/funnel?${FEBRUARY}`)).toEqual({
        period: PERIOD,
        stages: everyStage(zero, {
          "New Lead": { entered: 3, reached: reached("New Lead", [2, 1, 1, 1, 1]), won: 1, lost: 1 },
          Contacted: { entered: 3, reached: reached("Contacted", [2, 2, 2, 2]), won: 2, lost: 1 },
          "Proposal Sent": { entered: 1, reached: reached("Proposal Sent", [1, 1]), won: 1 },
          "Contract Signed": { entered: 2, won: 2 },
        }),
      });
      // Owner O2's leads: Ben, Cat (and Fay, in March).
      const mine = await body(`/api/reports/funnel?${FEBRUARY}&owner=${O2}`);
      expect(mine.stages.slice(0, 2)).toEqual([
        { stage: "New Lead", entered: 2, reached: reached("New Lead", [2, 1, 1, 1, 1]), won: 1, lost: 1 },
        { stage: "Contacted", entered: 2, reached: reached("Contacted", [1, 1, 1, 1]), won: 1, lost: 1 },
      ]);
    });

    it("measures the stays that ended in the period, and the open leads in each stage now", async () => {
      const zero = (stage: LeadStageName) => ({
        stage,
        ended: 0,
        medianDays: null as number | null,
        p90Days: null as number | null,
        open: 0,
        slowest: [] as ReturnType<typeof slow>[],
      });
      const slow = (name: string, enteredAt: string, days: number) => ({ id: ids[name], name, business: `${name} Co`, enteredAt: at(enteredAt), days });
      // New Lead ended: Ann 13 days, Ben 2.5, Cat 4 -> median 4, p90 4 + 0.8 x 9 = 11.2. Contacted: Ann 3, Ben 3.5, Cat 6 -> 3.5, 5.5.
      expect(await body(`/api/reports/time-in-stage?${FEBRUARY}`)).toEqual({
        period: PERIOD,
        stages: everyStage(zero, {
          "New Lead": {
            ended: 3,
            medianDays: 4,
            p90Days: 11.2,
            open: 3,
            // Since Feb 27 22:30 and Feb 28 23:30, to Mar 10 12:00: 10 d 13.5 h, 9 d 12.5 h; then Gus, since Mar 2 09:00: 8 d 3 h.
            slowest: [slow("Dan", "02-27T22:30", 10.56), slow("Fay", "02-28T23:30", 9.52), slow("Gus", "03-02T09:00", 8.13)],
          },
          Contacted: { ended: 3, medianDays: 3.5, p90Days: 5.5 },
          "Proposal Sent": { ended: 1, medianDays: 5, p90Days: 5 },
          "Contract Signed": { open: 2, slowest: [slow("Ann", "02-10T10:00", 28.08), slow("Cat", "02-14T10:00", 24.08)] },
        }),
      });
      const high = await body(`/api/reports/time-in-stage?${FEBRUARY}&priority=high`);
      expect(high.stages[0]).toEqual({ stage: "New Lead", ended: 1, medianDays: 13, p90Days: 13, open: 1, slowest: [slow("Dan", "02-27T22:30", 10.56)] });
    });

    it("gives the velocity of the deals won in the period, every month of it listed", async () => {
      // Ann: Jan 20 to Feb 10, 21 days; Cat: Feb 4 to Feb 14, 10 days.
      expect(await body("/api/reports/velocity?from=2026-01-01&to=2026-03-31")).toEqual({
        period: { from: "2026-01-01", to: "2026-03-31", timeZone: "Europe/Berlin" },
        overall: { won: 2, medianDays: 15.5 },
        byMonth: [
          { month: "2026-01", won: 0, medianDays: null },
          { month: "2026-02", won: 2, medianDays: 15.5 },
          { month: "2026-03", won: 0, medianDays: null },
        ],
        bySource: [{ source: "Web", won: 2, medianDays: 15.5 }],
        byOwner: [
          { ownerId: O1, won: 1, medianDays: 21 },
          { ownerId: O2, won: 1, medianDays: 10 },
        ],
      });
      const referral = await body(`/api/reports/velocity?${FEBRUARY}&source=Referral`);
      expect(referral).toEqual({ period: PERIOD, overall: { won: 0, medianDays: null }, byMonth: [{ month: "2026-02", won: 0, medianDays: null }], bySource: [], byOwner: [] });
    });

    it("sets the deals won in the period against those lost, by source and owner, with the reasons", async () => {
      expect(await body(`/api/reports/win-rate?${FEBRUARY}`)).toEqual({
        period: PERIOD,
        overall: { won: 2, lost: 1, winRate: 0.6667 },
        bySource: [
          { source: "Web", won: 2, lost: 0, winRate: 1 },
          { source: "Referral", won: 0, lost: 1, winRate: 0 },
        ],
        byOwner: [
          { ownerId: O2, won: 1, lost: 1, winRate: 0.5 },
          { ownerId: O1, won: 1, lost: 0, winRate: 1 },
        ],
        lostReasons: [{ reason: "Budget", count: 1 }],
      });
      const high = await body(`/api/reports/win-rate?${FEBRUARY}&priority=high`);
      expect(high.overall).toEqual({ won: 1, lost: 0, winRate: 1 });
      const january = await body("/api/reports/win-rate?from=2026-01-01&to=2026-01-31");
      expect(january).toEqual({
        period: { from: "2026-01-01", to: "2026-01-31", timeZone: "Europe/Berlin" },
        overall: { won: 0, lost: 0, winRate: null },
        bySource: [],
        byOwner: [],
        lostReasons: [],
      });
    });

    it("forecasts the open deals by close month from this one, beside the last twelve months won", async () => {
      const month = (m: string, count = 0, valueMinor = 0, weightedMinor = 0) => ({ month: m, count, valueMinor, weightedMinor });
      const actuals = ["2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"].map(
        (m) => ({ month: m, won: m === "2026-02" ? 2 : 0, valueMinor: m === "2026-02" ? 70_000 : 0 }),
      );
      expect(await body("/api/reports/forecast")).toEqual({
        currency: "EUR",
        // Dan's January date is overdue: this month. Fay follows New Lead's default, 20 % in these settings.
        months: [
          month("2026-03", 1, 10_000, 5_000),
          month("2026-04"),
          month("2026-05"),
          month("2026-06"),
          month("2026-07"),
          month("2026-08"),
          month("2026-09", 1, 30_000, 6_000),
        ],
        undated: { count: 1, valueMinor: 12_345, weightedMinor: 4_074 }, // 4,073.85 rounded
        actuals,
      });
      const o1 = await body(`/api/reports/forecast?owner=${O1}`);
      expect(o1.months[0]).toEqual(month("2026-03", 1, 10_000, 5_000));
      expect(o1.months).toHaveLength(6);
      expect(o1.undated).toEqual({ count: 0, valueMinor: 0, weightedMinor: 0 });
      expect(o1.actuals.at(-1)).toEqual({ month: "2026-02", won: 1, valueMinor: 50_000 });
    });

    it("counts each person's work per week of the agency's calendar, weeks from Sunday in Berlin", async () => {
      const row = (week: string, userId: string, counts: Partial<Record<"call" | "meeting" | "email" | "sms", number>>) => ({
        week,
        userId,
        call: 0,
        meeting: 0,
        email: 0,
        sms: 0,
        ...counts,
      });
      expect(await body(`/api/reports/activity?${FEBRUARY}`)).toEqual({
        period: PERIOD,
        rows: [
          row("2026-02-01", O1, { call: 1, email: 1 }),
          row("2026-02-08", O1, { meeting: 1 }),
          row("2026-02-08", O2, { sms: 1 }),
          row("2026-02-22", O2, { call: 1 }),
        ],
      });
      // The filter is on the leads: O1's meeting on O2's lead Cat counts for O2's leads.
      expect((await body(`/api/reports/activity?${FEBRUARY}&owner=${O2}`)).rows).toEqual([
        row("2026-02-08", O1, { meeting: 1 }),
        row("2026-02-08", O2, { sms: 1 }),
      ]);
    });

    it("covers this month in the agency's zone when no period is given", async () => {
      // Dan's call of Feb 28 22:30 is February in Berlin; Fay's of March 1 is this month's.
      expect(await body("/api/reports/activity")).toEqual({
        period: { from: "2026-03-01", to: "2026-03-31", timeZone: "Europe/Berlin" },
        rows: [{ week: "2026-03-01", userId: O2, call: 1, meeting: 0, email: 0, sms: 0 }],
      });
    });

    it("is exact about the past once the read model is rebuilt from a log that learned of it late", async () => {
      // Hal, won in February, recorded only now; and a call on Ben in February.
      await create("Hal", "02-15T10:00", O1, { source: "Web", priority: "low" });
      await win("Hal", "02-20T10:00", "New Lead", O1);
      await work("call", "Ben", "02-16T10:00", O2);
      await rebuildProjections({ db: app.system.db, store: app.system.store, projections: [reportsProjection] });
      // Ann 21, Cat 10, Hal 5.
      const velocity = await body(`/api/reports/velocity?${FEBRUARY}`);
      expect(velocity.overall).toEqual({ won: 3, medianDays: 10 });
      expect(velocity.byOwner).toEqual([
        { ownerId: O1, won: 2, medianDays: 13 },
        { ownerId: O2, won: 1, medianDays: 10 },
      ]);
      expect((await body(`/api/reports/win-rate?${FEBRUARY}`)).overall).toEqual({ won: 3, lost: 1, winRate: 0.75 });
      const funnel = await body(`/api/reports/funnel?${FEBRUARY}`);
      expect(funnel.stages[0]).toMatchObject({ stage: "New Lead", entered: 4, won: 2, lost: 1 });
      expect((await body(`/api/reports/activity?${FEBRUARY}`)).rows).toContainEqual({ week: "2026-02-15", userId: O2, call: 1, meeting: 0, email: 0, sms: 0 });
    });

    it("refuses a bad period, day or filter with a problem naming the field", async () => {
      const refused = async (query: string, field: string) => {
        const result = await get(`/api/reports/funnel?${query}`);
        expect(result.status, query).toBe(400);
        expect(result.headers.get("content-type")).toMatch(/application\/problem\+json/);
        expect(result.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      };
      await refused("from=2026-02-10&to=2026-02-01", "to");
      await refused("from=2026-02-30&to=2026-03-01", "from");
      await refused("from=2026-02-01", "to");
      await refused("priority=urgent", "priority");
      await refused("owner=someone", "owner");
      const forecast = await get("/api/reports/forecast?priority=urgent");
      expect(forecast.status).toBe(400);
    });

    it("shows the reports to Partners and Project Managers, not to Creative Directors", async () => {
      expect((await get(`/api/reports/win-rate?${FEBRUARY}`, partner)).status).toBe(200);
      for (const report of ["funnel", "time-in-stage", "velocity", "win-rate", "forecast", "activity"]) {
        const result = await call(app, `/api/reports/${report}`, { bearer: director.token });
        expect(result.status, report).toBe(403);
      }
    });
  });
