import { Router } from "express";
import { ImportLeadsBody } from "@crm/contracts/lead/import";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { parseOr400 } from "@crm/infra/http/validate";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { importLeads } from "./lead-import.ts";
import { sqlLeadLookups } from "./lead-lookups.ts";

/** POST /api/leads/import: CSV rows to leads, with a per-row result (see contracts/lead/import). */
export function leadImportRoutes(deps: CommandDeps & { store: EventStore; db: Queryable }): Router {
  const router = Router();
  const lookups = sqlLeadLookups(deps.db, deps.store);
  router.post("/api/leads/import", async (req, res) => {
    const body = parseOr400(ImportLeadsBody, req.body);
    const metadata = commandMetadata(req, deps);
    const idempotencyKey = req.get("Idempotency-Key") ? metadata.commandId : undefined;
    const result = await importLeads({ ...deps, lookups }, { body, metadata, idempotencyKey });
    res.json(result);
  });
  return router;
}
