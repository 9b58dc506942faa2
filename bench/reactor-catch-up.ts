/**
 * What a reactor pays to pass over the events it does not handle: the benchmarks' mixed log (leads,
 * meetings, mails, questionnaires; no SMS), read from the start by an SMS reactor that names its
 * types (only its events and each page's last one are sent) and by one that reads every event and
 * picks with handles(). Prints the app's CPU milliseconds per 1,000 events read, the median of
 * alternating rounds (the first of each is not counted: it compiles).
 *
 *   npx tsx reactor-catch-up.ts [events] [rounds]
 */
import { migrate } from "@crm/infra/db/migrations";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createReactorRunner, type Reactor } from "@crm/infra/reactor/reactor-runner";
import { createTestDatabase } from "@crm/infra/testing/test-database";
import { ALL_MIGRATIONS } from "@crm/server/migrations";
import { seedMixedEvents } from "./lib/seed-mixed.ts";
import { fmt, median } from "./lib/stats.ts";

const [events = 20_000, rounds = 5] = process.argv.slice(2).map(Number);
const test = await createTestDatabase("postgres");
try {
  await migrate(test.db, ALL_MIGRATIONS);
  await seedMixedEvents(test.db, { events });
  const store = createPostgresEventStore(test.db);
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
  for (const [kind, values] of samples) console.log(`${kind}: median ${fmt(median(values), 2)} ms CPU per 1,000 events`);
} finally {
  await test.drop();
}
