import type { Server } from "node:http";
import { startSmtpIntake } from "@crm/command-service/inbound/smtp-intake";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { startChainFollower } from "@crm/infra/audit/chain-follower";
import { fastPathsOf, loadConfig } from "@crm/infra/config";
import { defaultLogger, logTo } from "@crm/infra/log/logger";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import { createApp } from "./app.ts";
import { createHttpServer } from "./http-server.ts";
import { imapIntake } from "./imap-intake.ts";
import { openReadSide } from "./read-side.ts";
import { openSystem } from "./system.ts";

type Mode = "all" | "command-service" | "read-api" | "projector";
const MODES: Mode[] = ["all", "command-service", "read-api", "projector"];

/** Starts one service or all of them in one process (the default, as `npm start`). */
async function main() {
  const mode = (process.argv[2] ?? "all") as Mode;
  if (!MODES.includes(mode)) throw new Error(`Unknown mode ${mode}; use one of ${MODES.join(", ")}`);
  const config = loadConfig();
  const system = await openSystem(config);

  const log = system.log;
  // The fast paths (decisions/043) as configured: the store and the stream states take theirs in openSystem.
  const fast = fastPathsOf(config);
  const projector =
    mode === "all" || mode === "projector"
      ? await startProjector({
          db: system.db,
          store: system.store,
          projections: ALL_PROJECTIONS,
          log: logTo(log),
          pipelined: fast.pipelinedProjector,
        })
      : undefined;
  // The ledger's chain follows the log beside the projector (docs/decisions/057-the-auditors-ledger.md).
  const chain =
    (mode === "all" || mode === "projector") && system.ledger
      ? await startChainFollower({
          ledger: system.ledger,
          store: system.store,
          log: logTo(log),
          checkpointEvery: config.AUDIT_CHECKPOINT_EVERY,
          checkpointAfterMs: config.AUDIT_CHECKPOINT_MINUTES * 60_000,
          now: system.now,
        })
      : undefined;
  // Mail, SMS and calendar reactors run beside the commands that request them (docs/decisions/008-meetings-and-messages-delivered-by-reactors.md).
  const reactors = mode === "all" || mode === "command-service" ? await startMessagingReactors({ db: system.db, store: system.store, config, now: system.now, log: logTo(log) }) : undefined;
  // Inbound mail over SMTP (INBOUND_SMTP_PORT) is recorded beside the commands, like the reactors.
  const smtpIntake =
    mode === "all" || mode === "command-service"
      ? await startSmtpIntake({ config, store: system.store, storage: openFileStorage(config), now: system.now, log: logTo(log) })
      : undefined;
  if (smtpIntake) log.info({ port: smtpIntake.port }, `crm ${mode} taking inbound mail on ${config.INBOUND_SMTP_HOST}:${smtpIntake.port}`);
  // And from a shared IMAP mailbox (IMAP_URL), polled every IMAP_POLL_MS; each message is marked once recorded.
  const imapPoller =
    mode === "all" || mode === "command-service"
      ? imapIntake({ config, store: system.store, storage: openFileStorage(config), now: system.now, log: logTo(log) })
      : undefined;
  imapPoller?.start();
  const readSide = mode === "all" || mode === "read-api" ? await openReadSide(system) : undefined;
  let server: Server | undefined;
  if (mode !== "projector") {
    const app = createApp(system, readSide, { commands: mode !== "read-api", reads: mode !== "command-service", ui: mode === "all" || mode === "read-api" });
    server = createHttpServer(app, { expressPrototypes: fast.expressPrototypes })
      .once("error", (error: Error) => {
        // A port already taken, say: say so and stop, rather than run without serving.
        log.fatal({ err: error, port: config.PORT }, `crm ${mode} cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`);
        process.exit(1);
      })
      .listen(config.PORT, config.HOST, () => {
        const where = config.DATABASE_URL ? "Postgres" : `embedded PGlite in ${config.DATA_DIR}`;
        log.info({ mode, port: config.PORT }, `crm ${mode} listening on http://localhost:${config.PORT} (${where})`);
      });
  } else {
    log.info({ mode }, "crm projector running");
  }

  // Stop taking requests, let those in flight finish (at most 5 s), then stop the workers and only
  // then close the database they all use.
  const shutdown = async () => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeIdleConnections();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    server?.closeAllConnections();
    await smtpIntake?.close();
    await imapPoller?.stop();
    await projector?.stop();
    await chain?.stop();
    await reactors?.stop();
    await readSide?.close();
    await system.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

// A failure before the configuration is read (a bad variable) has only the default logger.
main().catch((error: unknown) => {
  defaultLogger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
