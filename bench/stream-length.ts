/**
 * How a command's cost grows with its stream: change stage (load, fold, decide, append through
 * handleCommand, in this process, on Postgres, 32 at a time) on leads whose streams hold 5, 50
 * and 500 events. After a stream's first command, a command loads only the events appended since
 * this process last loaded it (decisions/033); beside it, the same commands loading every stream
 * whole, as each command did before, with a store whose folded states are new for every command.
 */
import { randomUUID } from "node:crypto";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { LEAD_STAGES, type LeadStage } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { handleCommand } from "@crm/command-service/core/command-handler";
import { leadDecider } from "@crm/command-service/lead/lead.decider";
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { closedLoop } from "./lib/closed-loop.ts";
import { benchMetadata, leadCreated, pick } from "./lib/lead-data.ts";
import { cpuSeconds, machineLoad, serverCpuMeter } from "./lib/machine.ts";
import { verdict, type Figure } from "./lib/report.ts";
import { fmt } from "./lib/stats.ts";
import type { Database } from "@crm/infra/db/database";

export interface StreamLengthOptions {
  /** Events per lead stream, shortest first. */
  lengths: readonly number[];
  leads?: number;
  seconds: number;
  log?: (line: string) => void;
}

const WRITERS = 32;
/** Each step may cost this much more than the one before and still count as flat (these machines are noisy). */
const FLAT = 1.5;

/** `leads` lead streams of `length` events each: created, then moved back and forth within "New Lead". */
async function seedLeads(store: EventStore, leads: number, length: number): Promise<string[]> {
  const ids = Array.from({ length: leads }, () => randomUUID());
  for (const leadId of ids) {
    const moves: DomainEvent[] = Array.from({ length: length - 1 }, () => ({
      type: "LeadMoved",
      data: { leadId, from: "New Lead", to: "New Lead", afterId: null, beforeId: null },
    }));
    const metadata = benchMetadata();
    await store.append(leadStreamId(leadId), 0, [leadCreated(leadId), ...moves], { commandId: metadata.commandId, metadata });
  }
  return ids;
}

/** Moves a lead within its pipeline (a stage change, or a reorder when it is already there). */
const moveLead = (store: EventStore, leadId: string, stage: LeadStage) =>
  handleCommand(
    store,
    leadStreamId(leadId),
    leadDecider,
    { type: "MoveLead", leadId, stage, afterId: null, beforeId: null },
    { metadata: benchMetadata(), newCommandId: true },
  );

/** CPU milliseconds per command (this process and Postgres) while `storeFor` serves every command. */
async function cpuPerMove(db: Database, ids: readonly string[], seconds: number, storeFor: () => EventStore): Promise<number> {
  const move = () => moveLead(storeFor(), pick(ids), pick(LEAD_STAGES));
  const app0 = cpuSeconds();
  const server = await serverCpuMeter(db);
  const result = await closedLoop(WRITERS, seconds * 1000, move, 0);
  if (result.errors > 0) throw result.firstError;
  return ((cpuSeconds() - app0 + (await server())) / result.operations) * 1000;
}

async function measureAt(length: number, leads: number, seconds: number, log: (line: string) => void) {
  const test = await createTestDatabase("postgres");
  const db = createPostgresDatabase(test.url!, { max: WRITERS + 2 });
  try {
    await migrate(db, eventStoreMigrations);
    const store = createPostgresEventStore(db);
    const ids = await seedLeads(store, leads, length);
    await db.exec("VACUUM ANALYZE");
    // A fresh store object per command has no states kept (they are kept per store): each loads its stream whole.
    const whole = await cpuPerMove(db, ids, seconds, () => ({ ...store }));
    // The first command on each stream loads it whole; the figure is what comes after.
    for (let i = 0; i < ids.length; i += WRITERS)
      await Promise.all(ids.slice(i, i + WRITERS).map((leadId) => moveLead(store, leadId, "New Lead")));
    const since = await cpuPerMove(db, ids, seconds, () => store);
    log(
      `  change stage, ${fmt(leads)} leads of ${fmt(length)} events: ${fmt(since, 3)} ms CPU/cmd loading since the last load, ${fmt(whole, 3)} loading whole; ${machineLoad()}`,
    );
    return { since, whole };
  } finally {
    await db.close();
    await test.drop();
  }
}

export async function benchStreamLength({ lengths, leads = 500, seconds, log = console.log }: StreamLengthOptions): Promise<Figure[]> {
  log(`How a command's cost grows with its stream (handleCommand in process, ${WRITERS} at a time, ${seconds} s each)`);
  const at = [];
  for (const length of lengths) at.push(await measureAt(length, leads, seconds, log));
  const steps = (costs: number[]) => costs.slice(1).map((c, i) => c / costs[i]!);
  const shown = (costs: number[]) =>
    `${costs.map((c) => fmt(c, 3)).join(" / ")} ms CPU/cmd (steps x${steps(costs)
      .map((s) => fmt(s, 1))
      .join(", x")})`;
  const since = at.map((a) => a.since);
  const whole = at.map((a) => a.whole);
  return [
    {
      figure: `growth: change stage at ${lengths.map((l) => fmt(l)).join(" / ")} events per lead stream (app + Postgres CPU)`,
      measured: shown(since),
      target: `flat: each step at most x${FLAT}`,
      limit: `loading each stream whole: ${shown(whole)}`,
      verdict: verdict(steps(since).every((s) => s <= FLAT)),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { textTable } = await import("./lib/report.ts");
  const lengths = (process.argv[2] ?? "5,50,500").split(",").map(Number);
  console.log(textTable(await benchStreamLength({ lengths, seconds: Number(process.argv[3] ?? 3) })));
}
