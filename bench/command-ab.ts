/**
 * Compares the app's CPU per command under two (or more) settings on this noisy machine: one app
 * process per setting, all on one fresh Postgres database (the whole app: one each), and rounds
 * of create lead at 32 connections that take them in turn, in alternating order, so that the
 * host's mood of the moment falls on every setting alike. Prints each round, and per setting the
 * median of the app's and Postgres's CPU milliseconds per command (a rate on these machines moves
 * by a fifth between minutes; CPU per command far less).
 *
 *   npx tsx command-ab.ts [rounds] [setting ...]
 *
 * A setting is `name:VAR=value;VAR=value` (environment for its app process; `name:` for none),
 * e.g. `npx tsx command-ab.ts 7 base: info:LOG_LEVEL=info`. `AB_MODE=all` runs the whole app instead
 * of the command service; `AB_COMMAND=move` measures stage changes of the leads the warm-up created
 * instead of creates. The first round warms each process up and is not counted.
 */
import type { Request } from "autocannon";
import { createTestDatabase, type TestDatabase } from "@crm/infra/testing/test-database";
import { createRequest, movesOfCreatedLeads, rateOf, run } from "./command-http.ts";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { fmt, percentile } from "./lib/stats.ts";

interface Setting {
  name: string;
  env: Record<string, string>;
}

function parseSetting(text: string): Setting {
  const [name = "", vars = ""] = text.split(/:(.*)/s);
  const env = Object.fromEntries(
    vars
      .split(";")
      .filter(Boolean)
      .map((pair) => {
        const [key = "", value = ""] = pair.split(/=(.*)/s);
        return [key, value];
      }),
  );
  return { name: name || text, env };
}

export async function compareSettings(
  settings: Setting[],
  rounds: number,
  mode: "all" | "command-service",
  command: "create" | "move",
  log = console.log,
) {
  // The whole app runs a projector: apps sharing one database would share its read models, and the
  // one holding the projection locks would do every app's projecting. Each gets a database of its own then.
  const tests =
    mode === "all" ? await Promise.all(settings.map(() => createTestDatabase("postgres"))) : [await createTestDatabase("postgres")];
  const apps: { setting: Setting; app: AppProcess; test: TestDatabase; token: string; moves?: Request }[] = [];
  try {
    for (const [i, setting] of settings.entries()) {
      const test = tests[i] ?? tests[0]!;
      const token = await partnerToken(test.db, test.url!);
      apps.push({ setting, test, token, app: await startAppProcess({ port: 5140 + i, databaseUrl: test.url!, mode, env: setting.env }) });
    }
    const counted = new Map<string, { app: number; postgres: number }[]>();
    for (let round = 0; round <= rounds; round++) {
      // Every other round in reverse order: a setting that always went first would pay alone for whatever the order costs.
      for (const entry of round % 2 === 0 ? apps : [...apps].reverse()) {
        const { setting, app, test, token } = entry;
        if (round === 1 && command === "move") entry.moves ??= await movesOfCreatedLeads(test.db); // of the leads the warm-up created
        const measured = await run(app, test.db, token, entry.moves ?? createRequest(), 32, round === 0 ? 2 : 5);
        const { app: appMs, postgres } = measured.cpuMs;
        if (round > 0) counted.set(setting.name, [...(counted.get(setting.name) ?? []), { app: appMs, postgres }]);
        log(
          `round ${round}${round === 0 ? " (warm-up)" : ""} ${setting.name}: ${fmt(rateOf(measured))} cmd/s, app ${fmt(appMs, 3)} ms/cmd, postgres ${fmt(postgres, 3)}`,
        );
      }
    }
    for (const [name, samples] of counted) {
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const app = sorted(samples.map((s) => s.app));
      const postgres = sorted(samples.map((s) => s.postgres));
      log(
        `${name}: median app ${fmt(percentile(app, 50), 3)} ms/cmd, least ${fmt(app[0]!, 3)}; postgres ${fmt(percentile(postgres, 50), 3)} (${samples.length} rounds)`,
      );
    }
  } finally {
    await Promise.all(apps.map(({ app }) => app.stop()));
    await Promise.all(tests.map((test) => test.drop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = "6", ...texts] = process.argv.slice(2);
  const settings = (texts.length > 0 ? texts : ["A:", "B:"]).map(parseSetting);
  const mode = process.env.AB_MODE === "all" ? "all" : "command-service";
  await compareSettings(settings, Number(rounds), mode, process.env.AB_COMMAND === "move" ? "move" : "create");
}
