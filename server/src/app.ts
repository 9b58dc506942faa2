import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Express, type Router } from "express";
import helmet from "helmet";
import { clientLinkCommandRoutes } from "@crm/command-service/client-link/client-link.routes";
import { creativeCommandRoutes } from "@crm/command-service/creative/creative.routes";
import { uploadRoutes } from "@crm/command-service/creative/upload.routes";
import { erasureCommandRoutes } from "@crm/command-service/erasure/erasure.routes";
import { copyRemover } from "@crm/command-service/erasure/lead-copies";
import { inboundCommandRoutes } from "@crm/command-service/inbound/assign.routes";
import { leadActivityRoutes } from "@crm/command-service/lead/lead-activity.routes";
import { leadDealRoutes } from "@crm/command-service/lead/lead-deal.routes";
import { leadCommandRoutes } from "@crm/command-service/lead/lead.routes";
import { leadImportRoutes } from "@crm/command-service/lead/lead-import.routes";
import { outreachCommandRoutes } from "@crm/command-service/messaging/outreach.routes";
import { onboardingCommandRoutes } from "@crm/command-service/onboarding/onboarding.routes";
import { questionnaireCommandRoutes } from "@crm/command-service/questionnaire/questionnaire.routes";
import { settingsCommandRoutes } from "@crm/command-service/settings/settings.routes";
import { calendarFeedCommandRoutes } from "@crm/command-service/meeting/calendar-feed.routes";
import { NotFoundError } from "@crm/contracts/api/errors";
import { compactAfterErasure } from "@crm/infra/db/compaction";
import { allowedMethods } from "@crm/infra/http/allowed-methods";
import { problemMiddleware } from "@crm/infra/http/problem-middleware";
import { storableQueryOnly } from "@crm/infra/http/storable-text";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { activityReadRoutes } from "@crm/read-api/activities/activities.routes";
import { clientLinkReadRoutes } from "@crm/read-api/client-links/client-links.routes";
import { creativeReadRoutes } from "@crm/read-api/creative/creative.routes";
import { healthRoutes, type HealthDeps } from "@crm/read-api/health/health.routes";
import { historyReadRoutes } from "@crm/read-api/history/history.routes";
import { auditWorkbenchRoutes } from "@crm/read-api/audit/workbench.routes";
import { ledgerReadRoutes } from "@crm/read-api/audit/verify.routes";
import { openApiRoutes } from "@crm/read-api/openapi/openapi.routes";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { inboundReadRoutes } from "@crm/read-api/inbound/inbound.routes";
import { leadReadRoutes } from "@crm/read-api/leads/leads.routes";
import { meetingReadRoutes } from "@crm/read-api/meetings/meetings.routes";
import { calendarReadRoutes } from "@crm/read-api/calendar/calendar.routes";
import { videoProviderOf } from "@crm/infra/calendar/google-calendar";
import { onboardingReadRoutes } from "@crm/read-api/onboarding/onboarding.routes";
import { questionnaireReadRoutes } from "@crm/read-api/questionnaire/questionnaire.routes";
import { pastBoardReadRoutes } from "@crm/read-api/reports/past-board.routes";
import { reportReadRoutes } from "@crm/read-api/reports/reports.routes";
import { settingsReadRoutes } from "@crm/read-api/settings/settings.routes";
import { eventStreamRoutes } from "@crm/read-api/live/events-stream.routes";
import { readYourWrites } from "@crm/read-api/read-your-writes";
import { servingReadModels } from "@crm/read-api/serving-read-models";
import { userReadRoutes } from "@crm/read-api/users/users.routes";
import { createIdentity } from "./identity.ts";
import { observability } from "./observability.ts";
import { apiCaching, compressAnswers } from "./api-delivery.ts";
import { recordAuditorReads } from "./auditor-reads.ts";
import { inlineScriptSources, staticAssets } from "./static-assets.ts";
import { API_ROUTES } from "./api.ts";
import { noIndex, wellKnownRoutes } from "./well-known.ts";
import type { ReadSide } from "./read-side.ts";
import type { System } from "./system.ts";

const UI_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../ui/dist");

export interface AppParts {
  commands: boolean;
  reads: boolean;
  ui: boolean;
}

/** Reads answer GET (and HEAD, and OPTIONS with their Allow header); commands every other method. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A router that requests of other methods leave at its first step (next("router")) instead of
 * trying each of its routes' paths: a command passes the read routes in one step, and a read the
 * command routes.
 */
function onlyFor(takes: (method: string) => boolean): Router {
  const router = express.Router();
  router.use((req, _res, next) => next(takes(req.method) ? undefined : "router"));
  return router;
}

/** The HTTP application: command routes (non-GET), read routes (GET) and the UI, as the process serves them. */
export function createApp(system: System, readSide: ReadSide | undefined, parts: AppParts): Express {
  const app = express();
  const observed = observability(system);
  app.use(observed.track); // first: every later line, error and metric belongs to a named request
  app.use("/api", compressAnswers); // before any answer is written, problem answers included (decision 051)
  app.use(apiCaching(API_ROUTES)); // every API read's Cache-Control, before its route (decision 051)
  app.disable("x-powered-by");
  app.set("trust proxy", system.config.TRUST_PROXY); // whose X-Forwarded-For to believe (rate limits, Secure cookies)
  const inlineScripts = parts.ui ? inlineScriptSources(UI_DIST) : []; // the page's theme script, by hash (decision 056)
  app.use(helmet({ contentSecurityPolicy: { directives: { "frame-ancestors": ["'none'"], "script-src": ["'self'", ...inlineScripts] } } }));
  app.use(noIndex); // X-Robots-Tag on every answer but the sign-in page and files (decision 054)
  app.use(allowedMethods(API_ROUTES)); // OPTIONS and 405 with Allow: the public document's facts, before any session
  const identity = createIdentity(system);
  // An Auditor's every read is appended to the log once answered, refused ones too: so before the gate.
  const { store, now, newId, log } = system;
  if (parts.reads) app.use(recordAuditorReads({ store, now, newId, log, unrecorded: observed.countUnrecordedRead }));
  app.use(identity.authenticate); // before every other route: sessions, CSRF, the access policy
  app.use(storableQueryOnly); // ?search=%00 is a 400, not a database error
  const storage = openFileStorage(system.config);
  app.use(observed.routes);

  if (parts.reads && readSide) app.use(readRoutes(system, readSide, storage));
  // A command service on its own answers the same probes, for its load balancer's checks (deploy/haproxy.cfg).
  if (parts.commands && !parts.reads) app.use(healthRoutes(healthDeps(system)));
  if (parts.commands) app.use(commandRoutes(system, storage, identity.commandRoutes));
  if (parts.commands || parts.reads) app.use(identity.authRoutes);
  app.use("/api", (req, _res, next) => next(new NotFoundError(`${req.method} ${req.originalUrl}`)));

  if (parts.ui) app.use(wellKnownRoutes(system.config, () => system.now())); // robots.txt, security.txt
  if (parts.ui) app.use(staticAssets(UI_DIST)); // precompressed, negotiated, cached by name (decision 051)
  app.use(problemMiddleware(system.log));
  return app;
}

/** The read routes (GET, HEAD, OPTIONS), each with the read models its queries need. */
function readRoutes(system: System, { watcher, db, fallback }: ReadSide, storage: FileStorage): Router {
  // Each read route's database answers only while the read models it names serve tables its queries can read.
  // Read models may come from a replica (READ_DATABASE_URL); what is not a read model (the log, tokens, limits) is the primary's.
  const reading = (...names: string[]) => servingReadModels(db, watcher, names.map(readModelNeed));
  const { store, now } = system;
  const reads = onlyFor((method) => READ_METHODS.has(method));
  reads.use(readYourWrites(watcher, fallback ? { fallback } : {}));
  reads.use(healthRoutes(healthDeps(system)));
  reads.use(eventStreamRoutes({ watcher, db: reading("leads") }));
  reads.use(openApiRoutes({ routes: () => API_ROUTES, referencePage: path.join(UI_DIST, "api-docs.html") }));
  reads.use(historyReadRoutes({ db: reading("lead_streams", "users"), store, now }));
  reads.use(auditWorkbenchRoutes({ db: reading("users"), store, now })); // the log and its chain, actors named from users
  reads.use(ledgerReadRoutes({ ledger: system.ledger })); // the chain and its checkpoints, no read model
  // Before the lead routes: /api/leads/board/past and /api/leads/stale are not lead ids.
  reads.use(pastBoardReadRoutes({ db: reading("reports"), store, now: () => system.now() })); // late-bound, so tests can move the clock
  reads.use(leadReadRoutes({ db: reading("leads"), store, watcher, now }));
  reads.use(activityReadRoutes({ db: reading("activities", "users"), scoped: reading("activities", "users", "leads") }));
  reads.use(meetingReadRoutes({ db: reading("meetings"), scoped: reading("meetings", "leads"), now }));
  reads.use(calendarReadRoutes({ db: system.db, meetings: reading("meetings"), videoProvider: videoProviderOf(system.config), now })); // feed tokens: no read model
  reads.use(userReadRoutes({ db: reading("users") }));
  reads.use(clientLinkReadRoutes({ db: system.db, store, now })); // the token index and the streams, no read model
  reads.use(questionnaireReadRoutes({ db: reading("questionnaire", "leads") }));
  reads.use(onboardingReadRoutes({ db: reading("onboarding", "leads", "users") }));
  reads.use(creativeReadRoutes({ db: reading("creative", "leads", "users"), storage }));
  reads.use(settingsReadRoutes({ store, storage, mailFrom: system.config.MAIL_FROM })); // the settings stream, no read model
  reads.use(reportReadRoutes({ db: reading("reports"), store, now: () => system.now() })); // late-bound, so tests can move the clock
  reads.use(inboundReadRoutes({ db: reading("inbound", "users"), storage, mailFrom: system.config.MAIL_FROM }));
  return reads;
}

/** What the liveness and readiness probes read: the database and every read model's checkpoint. */
function healthDeps(system: System): HealthDeps {
  const { READY_MAX_LAG: readyMaxLag, METRICS_TOKEN: metricsToken } = system.config;
  return { db: system.db, projections: ALL_PROJECTIONS.map((p) => p.name), readyMaxLag, metricsToken };
}

/**
 * The command routes (every method but GET and HEAD). Each route reads its own body, as its
 * declaration says: JSON up to 1 MB unless it names another limit (the public questionnaire's 64 KB)
 * or streams it (an upload).
 */
function commandRoutes(system: System, storage: FileStorage, userRoutes: Router): Router {
  const deps = { store: system.store, db: system.db, now: system.now, newId: system.newId };
  const commands = onlyFor((method) => method !== "GET" && method !== "HEAD");
  commands.use(questionnaireCommandRoutes(deps));
  commands.use(uploadRoutes({ ...deps, storage }));
  commands.use(leadImportRoutes(deps));
  commands.use(
    erasureCommandRoutes({
      ...deps,
      redactor: system.redactor,
      rebuildReadModels: () => rebuildReadModels(system),
      removeCopies: copyRemover(system.config.DATA_DIR, storage),
      compact: () => compactAfterErasure(system.db),
      background: system.background,
    }),
  );
  commands.use(leadCommandRoutes(deps));
  commands.use(leadDealRoutes(deps));
  commands.use(leadActivityRoutes(deps));
  commands.use(outreachCommandRoutes({ ...deps, config: system.config }));
  commands.use(clientLinkCommandRoutes({ ...deps, publicUrl: system.config.PUBLIC_URL }));
  commands.use(onboardingCommandRoutes(deps));
  commands.use(creativeCommandRoutes(deps));
  commands.use(calendarFeedCommandRoutes(deps));
  commands.use(inboundCommandRoutes(deps));
  commands.use(settingsCommandRoutes({ ...deps, storage, mailFrom: system.config.MAIL_FROM }));
  commands.use(userRoutes);
  return commands;
}

/** What the read API's current queries need of a read model (Projection.readableFrom). */
function readModelNeed(name: string) {
  const projection = ALL_PROJECTIONS.find((p) => p.name === name);
  if (!projection) throw new Error(`No read model named ${name}`);
  return { name, readableFrom: projection.readableFrom ?? projection.version };
}

/** After an erasure: every read model again from the redacted log, blue/green while the old ones serve. */
async function rebuildReadModels(system: System) {
  await rebuildProjections({ db: system.db, store: system.store, projections: ALL_PROJECTIONS });
}
