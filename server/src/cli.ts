import { parseArgs } from "node:util";
import { loadConfig, type Config } from "@crm/infra/config";
import { loadCheckpoints } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { adoptRestoredEvents } from "./adopt-restored.ts";
import { AUDIT_USAGE, auditCheckpointCommand, auditKeyCommand, auditVerifyCommand } from "./cli-audit.ts";
import { backupDataDir, POSTGRES_BACKUP_STEPS, restoreDataDir } from "./backup.ts";
import { createUserCommand, USERS_USAGE } from "./cli-users.ts";
import { createProgressBar } from "./progress-bar.ts";
import { openSystem, type System } from "./system.ts";

const USAGE = `Usage: crm <command>

  projections status              each read model's version, checkpoint and error
  projections rebuild [name]      rebuild one read model (or all) from the first event
  backup --out FILE [--force]     the embedded store (database and uploaded files) as one .tar.gz; app stopped
  restore --from FILE [--force]   a backup into an empty DATA_DIR, then rebuild every read model
  events adopt-restored           after pg_restore onto another server: move the events below its transaction ids; app stopped
${USERS_USAGE}${AUDIT_USAGE}`;

type Handler = (system: System, args: string[]) => Promise<void>;

const commands: Record<string, Handler> = {
  "users create": createUserCommand,
  "audit verify": auditVerifyCommand,
  "audit checkpoint": auditCheckpointCommand,
  "audit key": auditKeyCommand,
  "projections status": async (system) => {
    const checkpoints = await loadCheckpoints(system.db);
    for (const p of ALL_PROJECTIONS) {
      const c = checkpoints.get(p.name);
      console.log(
        `${p.name.padEnd(14)} v${p.version}  ${c ? `at ${c.position} (stored v${c.version})${c.lastError ? `  ERROR ${c.lastError}` : ""}` : "not built"}`,
      );
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
  "events adopt-restored": async (system) => {
    if (system.config.KURRENTDB_URL)
      throw new CliError("Events are in KurrentDB (KURRENTDB_URL): their positions do not depend on Postgres.");
    const outcome = await adoptRestoredEvents(system.db);
    const ids = `newest event transaction id ${outcome.newestTransactionId ?? "none"}, this server's ${outcome.currentTransactionId}`;
    if (!outcome.adopted) return console.log(`Nothing to adopt: ${ids}; every event is visible.`);
    console.log(
      `Adopted ${outcome.events} events (${ids}), ${outcome.commands} command answers and ${outcome.checkpoints} checkpoints.\n` +
        "Next: crm projections rebuild (the read models still hold the old positions).",
    );
  },
};

/** Commands on the data folder itself: they must run before (or without) anything opens the database. */
const offlineCommands: Record<string, (config: Config, args: string[]) => Promise<void>> = {
  async backup(config, args) {
    assertEmbeddedStore(config, POSTGRES_BACKUP_STEPS);
    const { values } = parseArgs({ args, options: { out: { type: "string" }, force: { type: "boolean" } } });
    if (!values.out) throw new CliError("Usage: crm backup --out FILE [--force]");
    const summary = await backupDataDir({ dataDir: config.DATA_DIR, out: values.out, force: values.force ?? false });
    console.log(`${values.out}: database and ${summary.files} uploaded files, ${(summary.bytes / 1_048_576).toFixed(1)} MB`);
    if (config.GCS_BUCKET) console.log(`Uploaded files live in the bucket ${config.GCS_BUCKET}, not in this backup.`);
  },
  async restore(config, args) {
    assertEmbeddedStore(
      config,
      "crm restore loads a backup made by crm backup into DATA_DIR; a Postgres database is restored with pg_restore (docs/operations.md).",
    );
    const { values } = parseArgs({ args, options: { from: { type: "string" }, force: { type: "boolean" } } });
    if (!values.from) throw new CliError("Usage: crm restore --from FILE [--force]");
    const summary = await restoreDataDir({ dataDir: config.DATA_DIR, from: values.from, force: values.force ?? false });
    console.log(`Restored the database and ${summary.files} uploaded files into ${config.DATA_DIR}; rebuilding the read models.`);
    // The archive's read models already match its checkpoints; rebuilding proves the restored log reproduces them.
    await withSystem(config, (system) => commands["projections rebuild"]!(system, []));
  },
};

/** The embedded store is the only one a backup covers: Postgres and KurrentDB have tools of their own. */
function assertEmbeddedStore(config: Config, postgresHint: string): void {
  if (config.KURRENTDB_URL)
    throw new CliError(
      "Events are in KurrentDB (KURRENTDB_URL): back it up with KurrentDB's own backup, and Postgres with pg_dump (docs/operations.md).",
    );
  if (config.DATABASE_URL) throw new CliError(postgresHint);
}

export class CliError extends Error {}

async function withSystem(config: Config, run: (system: System) => Promise<void>): Promise<void> {
  const system = await openSystem(config);
  try {
    await run(system);
  } finally {
    await system.close();
  }
}

const commandOf = (argv: string[], names: string[]) => names.find((k) => argv.slice(0, k.split(" ").length).join(" ") === k);

export async function runCli(argv: string[]) {
  const offline = commandOf(argv, Object.keys(offlineCommands));
  if (offline) return offlineCommands[offline]!(loadConfig(), argv.slice(1));
  const key = commandOf(argv, Object.keys(commands));
  if (!key) {
    process.stdout.write(USAGE);
    process.exitCode = argv.length === 0 || argv[0] === "help" ? 0 : 2;
    return;
  }
  await withSystem(loadConfig(), (system) => commands[key]!(system, argv.slice(key.split(" ").length)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof CliError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
