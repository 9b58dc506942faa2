import { ImportLeadsBody, ImportResult } from "@crm/contracts/lead/import";
import { SETTINGS_STREAM_ID } from "@crm/contracts/settings/events";
import { foldSettings } from "@crm/contracts/settings/state";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { importLeads } from "./lead-import.ts";
import { sqlLeadLookups } from "./lead-lookups.ts";

export type LeadImportRouteDeps = CommandDeps & { store: EventStore; db: Queryable };

/** The dependencies, the lookups every import checks its rows against, and the agency's currency (a value cell is in it). */
const setup = (deps: LeadImportRouteDeps) => ({
  ...deps,
  lookups: sqlLeadLookups(deps.db, deps.store),
  currency: async () => foldSettings(await deps.store.readStream(SETTINGS_STREAM_ID)).currency,
});

/** POST /api/leads/import: CSV rows to leads, with a per-row result (see contracts/lead/import). */
export const leadImportRoutes = routeGroup(setup, (route) => [
  route({
    method: "POST",
    path: "/api/leads/import",
    allow: STAFF,
    tag: "leads",
    summary: "Import leads from CSV",
    body: ImportLeadsBody,
    responses: { 200: ImportResult },
    handle: async ({ req, res, body }, deps) => {
      const metadata = commandMetadata(req, deps);
      const idempotencyKey = req.get("Idempotency-Key") ? metadata.commandId : undefined;
      res.json(await importLeads(deps, { body, metadata, idempotencyKey }));
    },
  }),
]);
