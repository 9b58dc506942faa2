import { replaceEqualDeep } from "@tanstack/react-query";
import type { BoardColumn, Lead, LeadBoard } from "@crm/contracts/lead/answers";

/** Each new lead matched to an old one by id; the old object is kept when it is equal. */
function shareById(before: ReadonlyMap<string, Lead>, previous: readonly Lead[] | undefined, next: readonly Lead[]): Lead[] {
  let unchanged = previous !== undefined && previous.length === next.length;
  const shared = next.map((lead, i) => {
    const old = before.get(lead.id);
    const kept = old === undefined ? lead : replaceEqualDeep(old, lead);
    unchanged &&= kept === previous![i];
    return kept;
  });
  return unchanged ? (previous as Lead[]) : shared;
}

/**
 * The leads query's structural sharing: each new lead is matched to the old one by id, not by
 * index, and the old object is kept when it is equal. React Query's default compares index by
 * index, so a move, which shifts every lead between the card's old and new places, made new objects
 * of all of them (thousands, deep-compared) and redrew their columns; now only the moved lead is new.
 */
export function shareLeads(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return next;
  return shareById(new Map((previous as Lead[]).map((lead) => [lead.id, lead])), previous as Lead[], next as Lead[]);
}

const isBoard = (value: unknown): value is LeadBoard => Array.isArray((value as LeadBoard | null)?.columns);

/**
 * The board query's structural sharing, as shareLeads but per column: a lead keeps its object
 * across columns (a move), a column keeps its object while its count and leads are the same, and
 * the board keeps its object while every column does.
 */
export function shareBoard(previous: unknown, next: unknown): unknown {
  if (!isBoard(previous) || !isBoard(next)) return next;
  const before = new Map(previous.columns.flatMap((column) => column.leads.map((lead) => [lead.id, lead] as const)));
  let unchanged = previous.columns.length === next.columns.length;
  const columns = next.columns.map((column, i): BoardColumn => {
    const old = previous.columns[i];
    const leads = shareById(before, old?.stage === column.stage ? old.leads : undefined, column.leads);
    const kept = old && old.stage === column.stage && old.count === column.count && old.leads === leads ? old : { ...column, leads };
    unchanged &&= kept === old;
    return kept;
  });
  return unchanged ? previous : { ...next, columns };
}
