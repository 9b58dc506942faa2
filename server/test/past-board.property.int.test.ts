import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeEvent, type DomainEvent, type RecordedEvent } from "@crm/contracts/events/registry";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_PRIORITIES, LEAD_STAGES, type LeadStageName, type LeadStatus } from "@crm/contracts/lead/stages";
import { REPORTS_TABLES } from "@crm/contracts/read-models/reports";
import type { ReportFilter } from "@crm/contracts/reports/queries";
import type { PastBoard, PastCard } from "@crm/contracts/reports/reports";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
// The property is about the read API's query over this projection's tables: the one place a projector test reads through it.
import { readPastBoard } from "@crm/read-api/reports/past-board.queries";
import { rebuildProjection } from "@crm/projector/rebuild";
import { ALL_MIGRATIONS } from "../src/migrations.ts";
import { reportsProjection } from "@crm/projector/reports/reports.projection";

/**
 * The board on any past day, checked against an independent replay: random logs of lead events
 * over a few days, projected by the reports projection, then for random instants (some exactly at
 * an event, where a state ends and the next begins) the past-board query's answer must equal what
 * a small fold of each lead's events before that instant says.
 */

const hasPostgres = await postgresAvailable();
const MINUTE = 60_000;
const BASE = Date.parse("2026-03-01T00:00:00.000Z");
const OWNERS = [randomUUID(), randomUUID(), randomUUID()];
const NAMES = ["Ada", "Bea", "Cai", "Dee"];
const SOURCES = [null, "Referral", "Website"];

/** What may happen to a lead next; the fold turns each into an event the lead's state allows, or nothing. */
type Step =
  | { kind: "stage"; to: LeadStageName }
  | { kind: "deal"; valueMinor?: number | null; probability?: number | null }
  | { kind: "owner"; to: string }
  | { kind: "details"; name?: string; priority?: (typeof LEAD_PRIORITIES)[number]; source?: string | null }
  | { kind: "lose" }
  | { kind: "reopen" }
  | { kind: "archive" }
  | { kind: "restore" }
  | { kind: "call" };

const stage = fc.constantFrom(...LEAD_STAGES);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: stage.map((to) => ({ kind: "stage" as const, to })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ valueMinor: fc.option(fc.nat({ max: 1_000_000 })), probability: fc.option(fc.nat({ max: 100 })) }, { requiredKeys: [] })
      .map((changes) => ({ kind: "deal" as const, ...changes })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...OWNERS).map((to) => ({ kind: "owner" as const, to })) },
  {
    weight: 2,
    arbitrary: fc
      .record(
        { name: fc.constantFrom(...NAMES), priority: fc.constantFrom(...LEAD_PRIORITIES), source: fc.constantFrom(...SOURCES) },
        { requiredKeys: [] },
      )
      .map((changes) => ({ kind: "details" as const, ...changes })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: "lose" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "reopen" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "archive" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "restore" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "call" as const }) },
);

/** Minutes after the one before: sometimes none, so two events share an instant. */
const gap = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: fc.integer({ min: 1, max: 900 }) });

const leadPlan = fc.record({
  // On a coarse grid, mostly in New Lead: leads entering a column at the same instant are then common, and their order tested.
  startMinute: fc.integer({ min: 0, max: 8 }).map((slot) => slot * 540),
  stage: fc.oneof({ weight: 3, arbitrary: fc.constant<LeadStageName>("New Lead") }, { weight: 2, arbitrary: stage }),
  name: fc.constantFrom(...NAMES),
  owner: fc.constantFrom(...OWNERS),
  priority: fc.constantFrom(...LEAD_PRIORITIES),
  source: fc.constantFrom(...SOURCES),
  steps: fc.array(fc.tuple(gap, step), { maxLength: 10 }),
});
type LeadPlan = typeof leadPlan extends fc.Arbitrary<infer T> ? T : never;

/** A lead's card as the independent fold keeps it. */
interface Card {
  id: string;
  stage: LeadStageName;
  status: LeadStatus;
  /** Whether it was lost when archived: a restore brings it back among the lost. */
  lostWhenArchived: boolean;
  name: string;
  business: string;
  valueMinor: number | null;
  probability: number | null;
  owner: string;
  priority: (typeof LEAD_PRIORITIES)[number];
  source: string | null;
  enteredStageAt: string;
}

interface Timed {
  at: number;
  leadId: string;
  actor: string;
  event: DomainEvent;
}

/** The events a lead plan makes: each step the state allows, at its instant. */
function eventsOf(plan: LeadPlan): Timed[] {
  const leadId = randomUUID();
  let at = BASE + plan.startMinute * MINUTE;
  const out: Timed[] = [
    {
      at,
      leadId,
      actor: plan.owner,
      event: leadCreatedEvent(leadId, {
        name: plan.name,
        business: `${plan.name} Co`,
        stage: plan.stage,
        priority: plan.priority,
        source: plan.source,
      }),
    },
  ];
  let card = fold(undefined, out[0]!);
  for (const [minutes, s] of plan.steps) {
    at += minutes * MINUTE;
    const event = eventFor(card, s);
    if (!event) continue;
    const timed = { at, leadId, actor: OWNERS[0]!, event };
    out.push(timed);
    card = fold(card, timed);
  }
  return out;
}

function eventFor(card: Card, s: Step): DomainEvent | undefined {
  const leadId = card.id;
  switch (s.kind) {
    case "stage":
      return card.status === "open" && s.to !== card.stage
        ? { type: "LeadStageChanged", data: { leadId, from: card.stage, to: s.to, afterId: null, beforeId: null } }
        : undefined;
    case "deal": {
      const { kind: _kind, ...changes } = s;
      return card.status === "archived" ? undefined : { type: "LeadDealChanged", data: { leadId, changes } };
    }
    case "owner":
      return card.status === "archived" || s.to === card.owner
        ? undefined
        : { type: "LeadOwnerChanged", data: { leadId, from: card.owner, to: s.to } };
    case "details": {
      const { kind: _kind, ...changes } = s;
      return card.status === "archived" ? undefined : { type: "LeadDetailsChanged", data: { leadId, changes } };
    }
    case "lose":
      return card.status === "open" ? { type: "LeadLost", data: { leadId, stage: card.stage, reason: "Budget", note: null } } : undefined;
    case "reopen":
      return card.status === "lost" ? { type: "LeadReopened", data: { leadId, stage: card.stage } } : undefined;
    case "archive":
      return card.status === "archived"
        ? undefined
        : { type: "LeadArchived", data: { leadId, name: card.name, business: card.business, reason: null } };
    case "restore":
      return card.status === "archived" ? { type: "LeadRestored", data: { leadId } } : undefined;
    case "call":
      return { type: "LeadActivityLogged", data: { leadId, activityType: "call", summary: "Rang", details: null, followUpOn: null } };
  }
}

/** The replay: a lead's card after one more of its events, written apart from the projection. */
function fold(card: Card | undefined, { at, leadId, actor, event }: Timed): Card {
  const when = new Date(at).toISOString();
  if (event.type === "LeadCreated") {
    const d = event.data;
    return {
      id: leadId,
      stage: d.stage,
      status: "open",
      lostWhenArchived: false,
      name: d.name,
      business: d.business,
      valueMinor: null,
      probability: null,
      owner: actor,
      priority: d.priority,
      source: d.source,
      enteredStageAt: when,
    };
  }
  const c = { ...card! };
  switch (event.type) {
    case "LeadStageChanged":
      return { ...c, stage: event.data.to, enteredStageAt: when };
    case "LeadDealChanged": {
      const { valueMinor, probability } = event.data.changes;
      return { ...c, ...(valueMinor !== undefined ? { valueMinor } : {}), ...(probability !== undefined ? { probability } : {}) };
    }
    case "LeadOwnerChanged":
      return { ...c, owner: event.data.to };
    case "LeadDetailsChanged": {
      const { name, priority, source } = event.data.changes;
      return {
        ...c,
        ...(name !== undefined ? { name } : {}),
        ...(priority !== undefined ? { priority } : {}),
        ...(source !== undefined ? { source } : {}),
      };
    }
    case "LeadLost":
      return { ...c, status: "lost", stage: event.data.stage };
    case "LeadReopened":
      return { ...c, status: "open", stage: event.data.stage, enteredStageAt: when };
    case "LeadArchived":
      return { ...c, status: "archived", lostWhenArchived: c.status === "lost" };
    case "LeadRestored":
      return c.lostWhenArchived ? { ...c, status: "lost" } : { ...c, status: "open", enteredStageAt: when };
    default:
      return c;
  }
}

/** Each lead's card at instant t: its events strictly before t folded (an event at t is not yet on the board). */
function cardsAt(log: readonly Timed[], t: number): Map<string, Card> {
  const cards = new Map<string, Card>();
  for (const e of log) if (e.at < t) cards.set(e.leadId, fold(cards.get(e.leadId), e));
  return cards;
}

const matches = (card: Card, filter: ReportFilter) =>
  (filter.owner === undefined || card.owner === filter.owner) &&
  (filter.priority === undefined || card.priority === filter.priority) &&
  (filter.source === undefined || card.source === filter.source);

/** The board the replay says, as readPastBoard answers it. */
function expectedBoard(
  log: readonly Timed[],
  t: number,
  since: number | undefined,
  filter: ReportFilter,
): Pick<PastBoard, "columns" | "left"> {
  const now = cardsAt(log, t);
  const then = since === undefined ? undefined : cardsAt(log, since);
  const open = [...now.values()].filter((c) => c.status === "open" && matches(c, filter));
  const columns = LEAD_STAGES.map((s) => {
    const cards = open
      .filter((c) => c.stage === s)
      .sort((a, b) => (a.enteredStageAt === b.enteredStageAt ? (a.id < b.id ? -1 : 1) : a.enteredStageAt > b.enteredStageAt ? -1 : 1));
    return {
      stage: s,
      count: cards.length,
      valueMinor: cards.reduce((sum, c) => sum + (c.valueMinor ?? 0), 0),
      weightedMinor: cards.reduce(
        (sum, c) => sum + Math.round(((c.valueMinor ?? 0) * (c.probability ?? DEFAULT_STAGE_PROBABILITIES[s])) / 100),
        0,
      ),
      leads: cards.map((c): PastCard => {
        const before = then?.get(c.id);
        return {
          id: c.id,
          name: c.name,
          business: c.business,
          priority: c.priority,
          ownerId: c.owner,
          valueMinor: c.valueMinor,
          enteredStageAt: c.enteredStageAt,
          ...(then ? { movedFrom: before?.status !== "open" ? "absent" : before.stage === c.stage ? null : before.stage } : {}),
        };
      }),
    };
  });
  const left = [...(then?.values() ?? [])]
    .filter((c) => c.status === "open" && matches(c, filter) && now.get(c.id)!.status !== "open")
    // Named as the lead is at asOf, standing where it stood at since.
    .map((c) => ({ ...now.get(c.id)!, stage: c.stage }))
    .map((c) => ({ id: c.id, name: c.name, business: c.business, stage: c.stage, now: c.status as "lost" | "archived" }))
    .sort((a, b) => LEAD_STAGES.indexOf(a.stage) - LEAD_STAGES.indexOf(b.stage) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return { columns, left };
}

/** An instant to look at: exactly at one of the log's events, or anywhere in the days it spans. */
const probe = fc.tuple(fc.boolean(), fc.nat());
const instantOf = (log: readonly Timed[], [atEvent, n]: [boolean, number]) =>
  atEvent ? log[n % log.length]!.at : BASE + (n % (5 * 24 * 60 * 60)) * 1_000;

const filterArb: fc.Arbitrary<ReportFilter> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constantFrom(...OWNERS).map((owner) => ({ owner })) },
  { weight: 1, arbitrary: fc.constantFrom(...LEAD_PRIORITIES).map((priority) => ({ priority })) },
  { weight: 1, arbitrary: fc.constantFrom("Referral", "Website").map((source) => ({ source })) },
);

for (const backend of ["postgres", "pglite"] as Backend[]) {
  const missing = backend === "postgres" && !hasPostgres;
  describe.skipIf(missing)(
    `the past board against a replay of the log, on ${backend}${missing ? " (no Postgres server answers)" : ""}`,
    () => {
      let fixture: TestDatabase;

      beforeAll(async () => {
        fixture = await createTestDatabase(backend);
        await migrate(fixture.db, ALL_MIGRATIONS);
        await rebuildProjection({ db: fixture.db, store: createPostgresEventStore(fixture.db), projection: reportsProjection });
      });
      afterAll(() => fixture?.drop());

      /**
       * Projects the log in time order (ties in the plan's order), in batches of `batchSize` events,
       * so a lead's facts are sometimes carried within a batch and sometimes loaded back from the tables.
       */
      async function project(log: readonly Timed[], batchSize: number) {
        await fixture.db.query(`TRUNCATE ${REPORTS_TABLES.map((t) => t.name).join(", ")}`);
        const versions = new Map<string, number>();
        const recorded = log.map(({ at, leadId, actor, event }, i) => {
          const streamVersion = (versions.get(leadId) ?? 0) + 1;
          versions.set(leadId, streamVersion);
          const eventId = randomUUID();
          return {
            ...event,
            schemaVersion: encodeEvent(event).schemaVersion, // and checks the event against its schema
            eventId,
            streamId: `lead-${leadId}`,
            streamVersion,
            position: String(i + 1).padStart(16, "0"),
            metadata: { actor, at: new Date(at).toISOString(), commandId: eventId, correlationId: eventId },
          } as RecordedEvent;
        });
        for (let i = 0; i < recorded.length; i += batchSize)
          await fixture.db.transaction((tx) => reportsProjection.apply(tx, recorded.slice(i, i + batchSize)));
      }

      it("answers, at every instant, each lead's state as a replay of its events before it", async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(leadPlan, { minLength: 1, maxLength: 6 }),
            fc.integer({ min: 1, max: 12 }),
            fc.array(fc.tuple(probe, fc.option(probe), filterArb), { minLength: 1, maxLength: 4 }),
            async (plans, batchSize, probes) => {
              const log = plans.flatMap(eventsOf).sort((a, b) => a.at - b.at);
              await project(log, batchSize);
              for (const [at, sinceProbe, filter] of probes) {
                const t = instantOf(log, at);
                const since = sinceProbe === null ? undefined : Math.min(t, instantOf(log, sinceProbe));
                const asOf = new Date(t).toISOString();
                const sinceAsOf = since === undefined ? undefined : new Date(since).toISOString();
                const answer = await readPastBoard(fixture.db, {
                  asOf,
                  ...(sinceAsOf ? { sinceAsOf } : {}),
                  filter,
                  probabilities: DEFAULT_STAGE_PROBABILITIES,
                });
                expect(answer, `at ${asOf}${sinceAsOf ? ` since ${sinceAsOf}` : ""} with ${JSON.stringify(filter)}`).toEqual(
                  expectedBoard(log, t, since, filter),
                );
              }
            },
          ),
          { numRuns: 25 },
        );
      });
    },
  );
}
