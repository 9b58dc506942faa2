/**
 * Compares the app's CPU per command under two (or more) settings on this noisy machine: one app
 * process per setting, all on one fresh Postgres database, and rounds of create lead at 32
 * connections that take them in turn, in alternating order, so that the host's mood of the moment
 * falls on every setting alike. Prints each round and the median of the app's CPU milliseconds per command (a rate on
 * these machines moves by a fifth between minutes; CPU per command far less).
 *
 *   npx tsx command-ab.ts [rounds] [setting ...]
 *
 * A setting is `name:VAR=value;VAR=value` (environment for its app process; `name:` for none),
 * e.g. `npx tsx command-ab.ts 7 base: info:LOG_LEVEL=info`. `AB_MODE=all` runs the whole app instead
 * of the command service; `AB_COMMAND=move` measures stage changes of the leads the warm-up created
 * instead of creates. The first round warms each process up and is not counted.
 */
import type { Request } from "autocannon";
import { createTestDatabase } from "@crm/infra/testing/test-database";
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
  const test = await createTestDatabase("postgres");
  const apps: { setting: Setting; app: AppProcess }[] = [];
  try {
    const token = await partnerToken(test.db, test.url!);
    for (const [i, setting] of settings.entries())
      apps.push({ setting, app: await startAppProcess({ port: 5140 + i, databaseUrl: test.url!, mode, env: setting.env }) });
    const counted = new Map<string, number[]>();
    let moves: Request | undefined;
    for (let round = 0; round <= rounds; round++) {
      if (round === 1 && command === "move") moves = await movesOfCreatedLeads(test.db); // of the leads the warm-up created
      // Every other round in reverse order: a setting that always went first would pay alone for whatever the order costs.
      for (const { setting, app } of round % 2 === 0 ? apps : [...apps].reverse()) {
        const measured = await run(app, test.db, token, moves ?? createRequest(), 32, round === 0 ? 2 : 5);
        const msPerCommand = measured.cpuMs.app;
        if (round > 0) counted.set(setting.name, [...(counted.get(setting.name) ?? []), msPerCommand]);
        log(
          `round ${round}${round === 0 ? " (warm-up)" : ""} ${setting.name}: ${fmt(rateOf(measured))} cmd/s, app ${fmt(msPerCommand, 3)} ms/cmd`,
        );
      }
    }
    for (const [name, samples] of counted) {
      const sorted = [...samples].sort((a, b) => a - b);
      log(`${name}: median app ${fmt(percentile(sorted, 50), 3)} ms/cmd, least ${fmt(sorted[0]!, 3)} (${sorted.length} rounds)`);
    }
  } finally {
    await Promise.all(apps.map(({ app }) => app.stop()));
    await test.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = "6", ...texts] = process.argv.slice(2);
  const settings = (texts.length > 0 ? texts : ["A:", "B:"]).map(parseSetting);
  const mode = process.env.AB_MODE === "all" ? "all" : "command-service";
  await compareSettings(settings, Number(rounds), mode, process.env.AB_COMMAND === "move" ? "move" : "create");
}
