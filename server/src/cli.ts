import { parseArgs } from "node:util";
import { loadConfig } from "@crm/infra/config";
import { loadCheckpoints } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { createUserCommand, USERS_USAGE } from "./cli-users.ts";
import { createProgressBar } from "./progress-bar.ts";
import { openSystem, type System } from "./system.ts";

const USAGE = `Usage: crm <command>

  projections status              each read model's version, checkpoint and error
  projections rebuild [name]      rebuild one read model (or all) from the first event
${USERS_USAGE}`;

type Handler = (system: System, args: string[]) => Promise<void>;

const commands: Record<string, Handler> = {
  "users create": createUserCommand,
  "projections status": async (system) => {
    const checkpoints = await loadCheckpoints(system.db);
    for (const p of ALL_PROJECTIONS) {
      const c = checkpoints.get(p.name);
      console.log(`${p.name.padEnd(14)} v${p.version}  ${c ? `at ${c.position} (stored v${c.version})${c.lastError ? `  ERROR ${c.lastError}` : ""}` : "not built"}`);
    }
  },
  "projections rebuild": async (system, args) => {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    const name = positionals[0];
    const selected = name ? ALL_PROJECTIONS.filter((p) => p.name === name) : ALL_PROJECTIONS;
    if (selected.length === 0) throw new CliError(`No projection named ${name}. Known: ${ALL_PROJECTIONS.map((p) => p.name).join(", ")}`);
    // One pass over the log for all of them (rebuildProjections reads each batch once).
    const names = selected.map((p) => p.name).join(", ");
    const bar = createProgressBar();
    const started = Date.now();
    let processed = 0;
    await rebuildProjections({
      db: system.db,
      store: system.store,
      projections: selected,
      onProgress: (p) => {
        processed = p.processed;
        bar.update(p.projection, p.processed, p.total);
      },
    });
    bar.update(names, processed, processed, true);
    bar.done();
    console.log(`${names}: ${processed.toLocaleString("en")} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  },
};

export class CliError extends Error {}

export async function runCli(argv: string[]) {
  const key = Object.keys(commands).find((k) => argv.slice(0, k.split(" ").length).join(" ") === k);
  if (!key) {
    process.stdout.write(USAGE);
    process.exitCode = argv.length === 0 || argv[0] === "help" ? 0 : 2;
    return;
  }
  const system = await openSystem(loadConfig());
  try {
    await commands[key]!(system, argv.slice(key.split(" ").length));
  } finally {
    await system.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof CliError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
