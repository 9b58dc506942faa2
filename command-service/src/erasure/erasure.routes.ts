import { Router } from "express";
import { z } from "zod";
import { EraseLeadBody } from "@crm/contracts/erasure/erasure";
import { parseOr400 } from "@crm/infra/http/validate";
import { commandMetadata, type CommandDeps } from "../core/command-context.ts";
import { eraseLead, type EraseLeadDeps } from "./erase-lead.ts";

const LeadId = z.object({ id: z.uuid("Lead ids are UUIDs") });

export type ErasureRouteDeps = CommandDeps & EraseLeadDeps;

/** POST /api/leads/:id/erase {confirmation}: the right to erasure (Partner only, by the access policy). */
export function erasureCommandRoutes(deps: ErasureRouteDeps): Router {
  const router = Router();
  router.post("/api/leads/:id/erase", async (req, res) => {
    const { id } = parseOr400(LeadId, req.params, "id");
    const { confirmation } = parseOr400(EraseLeadBody, req.body ?? {});
    const result = await eraseLead(deps, { leadId: id, confirmation, metadata: commandMetadata(req, deps) });
    res.status(200).json(result);
  });
  return router;
}
