/**
 * What a reactor pays to pass over the events it does not handle: a log of lead events (none of
 * them a reactor's business, as most of the log is not), read from the start by a reactor that
 * names its types (only its events and the page's last one are sent) and by one that reads every
 * event and picks with handles(). Prints the app's CPU milliseconds per 1,000 events read, the
 * median of alternating rounds (the first of each is not counted: it compiles).
 *
 *   npx tsx reactor-catch-up.ts [leads] [rounds]
 */
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { eventStoreMigrations } from "@crm/infra/event-store/postgres-event-store.migrations";
import { createReactorRunner, type Reactor } from "@crm/infra/reactor/reactor-runner";
import { reactorMigrations } from "@crm/infra/reactor/reactor.migrations";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { benchMetadata, leadCreated } from "./lib/lead-data.ts";
import { fmt, percentile } from "./lib/stats.ts";

const [leads = 10_000, rounds = 5] = process.argv.slice(2).map(Number);
const test = await createTestDatabase("postgres");
try {
  await migrate(test.db, [...eventStoreMigrations, ...reactorMigrations]);
  const store = createPostgresEventStore(test.db);
  for (let i = 0; i < leads; i += 200) {
    const created = Array.from({ length: Math.min(200, leads - i) }, () => leadCreated());
    await Promise.all(
      created.map((event) => {
        const { leadId } = event.data;
        const metadata = benchMetadata();
        const moved = { type: "LeadStageChanged", data: { leadId, from: "New Lead", to: "Contacted" } } as const;
        return store.append(`lead-${leadId}`, 0, [event, moved], { commandId: metadata.commandId, metadata });
      }),
    );
  }
  const kinds: Record<string, (name: string) => Reactor> = {
    typed: (name) => ({ name, types: ["SmsRequested"], handle: async () => undefined }),
    every: (name) => ({ name, handles: (event) => event.type === "SmsRequested", handle: async () => undefined }),
  };
  const samples = new Map<string, number[]>();
  for (let round = 0; round <= rounds; round++) {
    for (const kind of round % 2 === 0 ? ["typed", "every"] : ["every", "typed"]) {
      const runner = createReactorRunner({ db: test.db, store, reactor: kinds[kind]!(`${kind}-${round}`) });
      const before = process.cpuUsage();
      let read = 0;
      for (let page = await runner.runOnce(); page > 0; page = await runner.runOnce()) read += page;
      const { user, system } = process.cpuUsage(before);
      const perThousand = (user + system) / 1000 / (read / 1000);
      if (round > 0) samples.set(kind, [...(samples.get(kind) ?? []), perThousand]);
      console.log(`round ${round}${round === 0 ? " (warm-up)" : ""} ${kind}: ${read} events, ${fmt(perThousand, 2)} ms CPU per 1,000`);
    }
  }
  for (const [kind, values] of samples)
    console.log(
      `${kind}: median ${fmt(
        percentile(
          [...values].sort((a, b) => a - b),
          50,
        ),
        2,
      )} ms CPU per 1,000 events`,
    );
} finally {
  await test.drop();
}
