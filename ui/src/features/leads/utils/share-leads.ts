import { replaceEqualDeep } from "@tanstack/react-query";
import type { Lead } from "@crm/contracts/lead/lead";

/**
 * The leads query's structural sharing: each new lead is matched to the old one by id, not by
 * index, and the old object is kept when it is equal. React Query's default compares index by
 * index, so a move, which shifts every lead between the card's old and new places, made new objects
 * of all of them (thousands, deep-compared) and redrew their columns; now only the moved lead is new.
 */
export function shareLeads(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return next;
  const before = new Map((previous as Lead[]).map((lead) => [lead.id, lead]));
  let unchanged = previous.length === next.length;
  const shared = (next as Lead[]).map((lead, i) => {
    const old = before.get(lead.id);
    const kept = old === undefined ? lead : replaceEqualDeep(old, lead);
    unchanged &&= kept === previous[i];
    return kept;
  });
  return unchanged ? previous : shared;
}
