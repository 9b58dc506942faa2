import { ApiError } from "@crm/contracts/api/errors";
import type { EventMetadata } from "@crm/contracts/events/registry";
import type { ImportLeadsBody, ImportResult, ImportRowResult } from "@crm/contracts/lead/import";
import { leadIdOfStream, leadStreamId } from "@crm/contracts/lead/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { handleCommand } from "../core/command-handler.ts";
import type { CommandDeps } from "../core/command-context.ts";
import { planRows, readImport, type RowPlan } from "./lead-import.plan.ts";
import { leadDecider, type LeadCommand } from "./lead.decider.ts";
import type { LeadLookups } from "./lead-lookups.ts";

export interface ImportDeps extends CommandDeps {
  store: EventStore;
  lookups: LeadLookups;
  /** The agency's currency as its settings stand: a value cell is in it. */
  currency: () => Promise<string>;
}

export interface ImportRequest {
  body: ImportLeadsBody;
  /** Metadata shared by every row; each row gets its own command id. */
  metadata: EventMetadata;
  /** The request's Idempotency-Key: row n then uses "<key>:<n>", so a retried import appends nothing twice. */
  idempotencyKey: string | undefined;
}

/** Rows in flight at once: appends queue while the projector works, so its batches grow. */
const CONCURRENCY = 8;

/**
 * Imports leads from CSV: good rows are appended even when others are bad, and each row reports
 * created, updated or error with its line, and what it sets (stage, owner, deal, source). A new
 * lead is created (CreateLead), then set (UpdateLead), so its timeline says both. Rows run a few at
 * a time, but rows that share an email run in file order (a later row updates the lead an earlier
 * one created). A dry run plans the same and appends nothing.
 */
export async function importLeads(deps: ImportDeps, request: ImportRequest): Promise<ImportResult> {
  const { body } = request;
  const parsed = readImport(body.csv, body.mapping);
  const emailColumn = parsed.columns.email!;
  const emails = parsed.rows.map((r) => r.fields[emailColumn]?.trim().toLowerCase() ?? "").filter((e) => e !== "");
  const context = {
    colleagues: parsed.columns.owner === undefined ? [] : await deps.lookups.colleagues(),
    currency: parsed.columns.value === undefined ? "USD" : await deps.currency(),
  };
  const plans = planRows(parsed, await deps.lookups.leadIdsByEmail([...new Set(emails)]), context);
  const created = new Map<string, string>();
  const previousOfEmail = new Map<string, Promise<unknown>>();
  const outcomes = await inPool(plans, CONCURRENCY, (plan) => {
    const previous = plan.action === "error" ? undefined : previousOfEmail.get(plan.email);
    const outcome = (async () => {
      await previous;
      return body.dryRun ? preview(plan) : execute(deps, request, plan, created);
    })();
    if (plan.action !== "error")
      previousOfEmail.set(
        plan.email,
        outcome.catch(() => undefined),
      );
    return outcome;
  });
  const rows = outcomes.map((o) => o.row);
  const position = outcomes.map((o) => o.position ?? "").reduce((a, b) => (a > b ? a : b), "");
  const count = (status: ImportRowResult["status"]) => rows.filter((r) => r.status === status).length;
  return {
    dryRun: body.dryRun,
    created: count("created"),
    updated: count("updated"),
    errors: count("error"),
    rows,
    ...(position ? { position } : {}),
  };
}

/** Runs task over items with at most limit in flight, starting them in order; results keep the order. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface RowOutcome {
  row: ImportRowResult;
  position?: string;
}

/** What a row sets, when it sets anything beyond the contact's details. */
const setOf = (plan: Exclude<RowPlan, { action: "error" }>) => (Object.keys(plan.set).length > 0 ? { set: plan.set } : {});

function errorRow(plan: Extract<RowPlan, { action: "error" }>): ImportRowResult {
  return { line: plan.line, status: "error", reason: plan.reason, ...(plan.leadId ? { leadId: plan.leadId } : {}) };
}

function preview(plan: RowPlan): RowOutcome {
  if (plan.action === "error") return { row: errorRow(plan) };
  if (plan.action === "create") return { row: { line: plan.line, status: "created", ...setOf(plan) } };
  return { row: { line: plan.line, status: "updated", ...(plan.leadId ? { leadId: plan.leadId } : {}), ...setOf(plan) } };
}

function commandOf(deps: ImportDeps, plan: Exclude<RowPlan, { action: "error" }>, created: Map<string, string>): LeadCommand | string {
  if (plan.action === "create") return { type: "CreateLead", leadId: deps.newId(), fields: plan.fields };
  const leadId = plan.leadId ?? created.get(plan.email);
  if (!leadId) return "The earlier row with this email was not imported";
  return { type: "UpdateLead", leadId, changes: plan.changes };
}

async function execute(deps: ImportDeps, request: ImportRequest, plan: RowPlan, created: Map<string, string>): Promise<RowOutcome> {
  const { line } = plan;
  if (plan.action === "error") return { row: errorRow(plan) };
  const command = commandOf(deps, plan, created);
  if (typeof command === "string") return { row: { line, status: "error", reason: command } };
  const commandId = request.idempotencyKey ? `${request.idempotencyKey}:${line}` : deps.newId();
  const run = (next: LeadCommand, id: string) =>
    handleCommand(deps.store, leadStreamId(next.leadId), leadDecider, next, { metadata: { ...request.metadata, commandId: id } });
  let leadId: string | undefined;
  try {
    let outcome = await run(command, commandId);
    leadId = leadIdOfStream(outcome.streamId)!;
    if (plan.action === "create") {
      created.set(plan.email, leadId);
      // The new lead's stage, owner and deal: the same command an edit sends, under a command id of its own.
      if (Object.keys(plan.then).length > 0) outcome = await run({ type: "UpdateLead", leadId, changes: plan.then }, `${commandId}:set`);
    }
    return { row: { line, status: plan.action === "create" ? "created" : "updated", leadId, ...setOf(plan) }, position: outcome.position };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reason =
      leadId && plan.action === "create"
        ? `The lead was created, but its stage, owner and deal were not set: ${error.message}`
        : error.message;
    return { row: { line, status: "error", reason, ...(leadId ? { leadId } : {}) } };
  }
}
