import { ApiError, NotFoundError } from "@crm/contracts/api/errors";
import { AuditVerification, SignedCheckpoint } from "@crm/contracts/audit/verify";
import type { Ledger } from "@crm/infra/audit/event-chain";
import { AUDIT_READERS } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";

export interface LedgerReadDeps {
  /** None when the log is in KurrentDB: these routes answer 501. */
  ledger?: Ledger;
}

function ledgerOf({ ledger }: LedgerReadDeps): Ledger {
  if (!ledger) throw new ApiError(501, "Not implemented", "The ledger chains the Postgres log; this server keeps its events in KurrentDB (decisions/057).");
  return ledger;
}

/** The ledger's state for the workbench (docs/decisions/057-the-auditors-ledger.md): its verification and its latest checkpoint. */
export const ledgerReadRoutes = routeGroup((route: RouteBuilder<LedgerReadDeps>) => [
  route({
    method: "GET",
    path: "/api/audit/verify",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: "Recompute the chain over the whole log and check every signed checkpoint; names the first event where it breaks",
    responses: { 200: AuditVerification, 501: "problem" },
    cache: "no-store",
    handle: async ({ res }, deps) => void res.json(await ledgerOf(deps).verify()),
  }),
  route({
    method: "GET",
    path: "/api/audit/checkpoints/latest",
    allow: AUDIT_READERS,
    tag: "audit",
    summary: "The latest signed checkpoint of the chain, to keep outside the system (crm audit verify --checkpoint checks it later)",
    responses: { 200: SignedCheckpoint, 501: "problem" },
    cache: "no-store",
    handle: async ({ res }, deps) => {
      const checkpoint = await ledgerOf(deps).latestCheckpoint();
      if (!checkpoint) throw new NotFoundError("Checkpoint");
      res.json(checkpoint);
    },
  }),
]);
