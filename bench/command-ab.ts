/**
 * Compares the app's CPU per command under two (or more) settings on this noisy machine: one app
 * per setting, and rounds of create lead at 32 connections that take them in turn, in alternating
 * order, so that the host's mood of the moment falls on every setting alike. Prints each round, and
 * per setting the median of the app's and Postgres's CPU milliseconds per command (a rate on these
 * machines moves by a fifth between minutes; CPU per command far less).
 *
 *   npx tsx command-ab.ts [rounds] [setting ...]
 *
 * A setting is `name:VAR=value;VAR=value` (environment for its app process; `name:` for none),
 * e.g. `npx tsx command-ab.ts 7 base: info:LOG_LEVEL=info`. Two variables are the benchmark's own:
 * AB_MODE says how the app runs: `command-service` (the default), `all` (the whole app in one
 * process) or `split` (the command service and a projector process beside it; its app CPU is
 * both's); AB_SOCKET=/var/run/postgresql connects the app to Postgres through that Unix socket
 * directory instead of TCP; AB_ENTRY=/path/to/clone/server/src/main.ts runs another checkout's app (compare
 * two commits). AB_MODE in the environment of command-ab itself sets every setting's
 * default. `AB_COMMAND=move` measures stage changes of the leads the warm-up created instead of
 * creates. The first round warms each app up and is not counted.
 */
import type { Request } from "autocannon";
import { createTestDatabase, type TestDatabase } from "@crm/infra/testing/test-database";
import { createRequest, movesOfCreatedLeads, rateOf, run } from "./command-http.ts";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { partnerToken } from "./lib/bearer.ts";
import { fmt, median } from "./lib/stats.ts";

const MODES = ["command-service", "all", "split"] as const;
type Mode = (typeof MODES)[number];

interface Setting {
  name: string;
  mode: Mode;
  /** A Unix socket directory to reach Postgres through, instead of TCP. */
  socket: string | undefined;
  /** Another checkout's server/src/main.ts, to compare two commits (a clone with its own npm ci). */
  entry: string | undefined;
  env: Record<string, string>;
}

function parseSetting(text: string, defaultMode: Mode): Setting {
  const [name = "", vars = ""] = text.split(/:(.*)/s);
  const {
    AB_MODE: mode = defaultMode,
    AB_SOCKET: socket,
    AB_ENTRY: entry,
    ...env
  } = Object.fromEntries(
    vars
      .split(";")
      .filter(Boolean)
      .map((pair) => {
        const [key = "", value = ""] = pair.split(/=(.*)/s);
        return [key, value];
      }),
  );
  if (!MODES.includes(mode as Mode)) throw new Error(`AB_MODE=${mode}: use one of ${MODES.join(", ")}`);
  return { name: name || text, mode: mode as Mode, socket, entry, env };
}

/** The processes of one setting, as one app: its URL, and the CPU time of all of them. */
type App = Pick<AppProcess, "url" | "cpuSeconds" | "stop">;

async function startApp(setting: Setting, port: number, test: TestDatabase): Promise<App> {
  const databaseUrl = setting.socket ? viaSocket(test.url!, setting.socket) : test.url!;
  const start = (mode: Exclude<Mode, "split"> | "projector", at = port) =>
    startAppProcess({ port: at, databaseUrl, mode, env: setting.env, ...(setting.entry ? { entry: setting.entry } : {}) });
  if (setting.mode !== "split") return start(setting.mode);
  const [commands, projector] = await Promise.all([start("command-service"), start("projector", port + 100)]);
  return {
    url: commands.url,
    cpuSeconds: () => commands.cpuSeconds() + projector.cpuSeconds(),
    stop: async () => void (await Promise.all([commands.stop(), projector.stop()])),
  };
}

/** The same database through a Unix socket directory (pg reads `host` from the query string). */
function viaSocket(databaseUrl: string, directory: string) {
  const url = new URL(databaseUrl);
  url.host = "localhost";
  url.searchParams.set("host", directory);
  return url.toString();
}

export async function compareSettings(settings: Setting[], rounds: number, command: "create" | "move", log = console.log) {
  // An app that runs a projector gets a database of its own: apps sharing one would share its read
  // models, and the one holding the projection locks would do every app's projecting. Command
  // services alone share one.
  const shared = settings.some((s) => s.mode === "command-service") ? await createTestDatabase("postgres") : undefined;
  const tests = await Promise.all(settings.map((s) => (s.mode === "command-service" ? shared! : createTestDatabase("postgres"))));
  const apps: { setting: Setting; app: App; test: TestDatabase; token: string; moves?: Request }[] = [];
  try {
    for (const [i, setting] of settings.entries()) {
      const test = tests[i]!;
      const token = await partnerToken(test.db, test.url!);
      apps.push({ setting, test, token, app: await startApp(setting, 5140 + i, test) });
    }
    const counted = new Map<string, { app: number; postgres: number }[]>();
    for (let round = 0; round <= rounds; round++) {
      // Every other round in reverse order: a setting that always went first would pay alone for whatever the order costs.
      for (const entry of round % 2 === 0 ? apps : [...apps].reverse()) {
        const { setting, app, test, token } = entry;
        if (round === 1 && command === "move") entry.moves ??= (await movesOfCreatedLeads(test.db)).measured; // of the leads the warm-up created
        const measured = await run(app, test.db, token, entry.moves ?? createRequest(), 32, round === 0 ? 2 : 5);
        const { app: appMs, postgres } = measured.cpuMs;
        if (round > 0) counted.set(setting.name, [...(counted.get(setting.name) ?? []), { app: appMs, postgres }]);
        log(
          `round ${round}${round === 0 ? " (warm-up)" : ""} ${setting.name}: ${fmt(rateOf(measured))} cmd/s, app ${fmt(appMs, 3)} ms/cmd, postgres ${fmt(postgres, 3)}`,
        );
      }
    }
    for (const [name, samples] of counted) {
      const app = samples.map((s) => s.app);
      log(
        `${name}: median app ${fmt(median(app), 3)} ms/cmd, least ${fmt(Math.min(...app), 3)}; postgres ${fmt(median(samples.map((s) => s.postgres)), 3)} (${samples.length} rounds)`,
      );
    }
  } finally {
    await Promise.all(apps.map(({ app }) => app.stop()));
    await Promise.all([...new Set(tests)].map((test) => test.drop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = "6", ...texts] = process.argv.slice(2);
  const defaultMode = (process.env.AB_MODE ?? "command-service") as Mode;
  const settings = (texts.length > 0 ? texts : ["A:", "B:"]).map((text) => parseSetting(text, defaultMode));
  await compareSettings(settings, Number(rounds), process.env.AB_COMMAND === "move" ? "move" : "create");
}
