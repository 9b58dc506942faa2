import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";

/** The card ids of each column, top to bottom. */
export type Columns = Record<LeadStage, string[]>;

/** A card's new place: its column and the cards above (afterId) and below (beforeId) it. */
export interface LeadMove {
  leadId: string;
  stage: LeadStage;
  afterId: string | null;
  beforeId: string | null;
}

/** Empty columns for every stage. */
function emptyColumns(): Columns {
  return Object.fromEntries(LEAD_STAGES.map((stage) => [stage, [] as string[]])) as unknown as Columns;
}

/** The board's card ids per column, top to bottom (the leads each column has loaded). */
export function boardColumns(board: LeadBoard): Columns {
  const columns = emptyColumns();
  for (const column of board.columns) columns[column.stage] = column.leads.map((lead) => lead.id);
  return columns;
}

/** The column holding the id: a card id, or a column's own id (its stage). */
export function columnOf(columns: Columns, id: string): LeadStage | undefined {
  if (id in columns) return id as LeadStage;
  return LEAD_STAGES.find((stage) => columns[stage].includes(id));
}

/** The leads of each column, top to bottom, as the columns render them. */
export type LeadColumns = Record<LeadStage, Lead[]>;

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The columns' leads, reusing the previous render's array of each column whose leads are the same
 * objects in the same order: a drop or a cache write then changes only the columns it touches, and
 * the memoized columns left alone skip rendering.
 */
export function leadColumns(columns: Columns, byId: ReadonlyMap<string, Lead>, previous: LeadColumns | null): LeadColumns {
  const next = {} as LeadColumns;
  for (const stage of LEAD_STAGES) {
    // A loop, not flatMap: this runs over all 5,000 leads on every drop (flatMap took six times as long).
    const leads: Lead[] = [];
    for (const id of columns[stage]) {
      const lead = byId.get(id);
      if (lead) leads.push(lead);
    }
    const before = previous?.[stage];
    next[stage] = before && sameItems(before, leads) ? before : leads;
  }
  return next;
}

/** Where the card sits in these columns, as the move command states it. */
export function moveOf(columns: Columns, leadId: string): LeadMove | undefined {
  const stage = columnOf(columns, leadId);
  if (!stage || stage === leadId) return undefined;
  const ids = columns[stage];
  const index = ids.indexOf(leadId);
  return { leadId, stage, afterId: ids[index - 1] ?? null, beforeId: ids[index + 1] ?? null };
}

/** Moves the card into `to` at `index` (removing it from where it was); returns new columns. */
export function placeCard(columns: Columns, leadId: string, to: LeadStage, index: number): Columns {
  const from = columnOf(columns, leadId);
  const next = { ...columns };
  if (from && from !== leadId) next[from] = columns[from].filter((id) => id !== leadId);
  const target = [...next[to]];
  target.splice(Math.max(0, Math.min(index, target.length)), 0, leadId);
  next[to] = target;
  return next;
}

/**
 * The list with the move applied, still in column order: the lead takes the new stage and sits
 * after afterId, else before beforeId, else at the top of its column (where the server puts a card
 * without neighbours). Lists that do not hold the lead (another filter) are returned unchanged.
 */
export function applyMove(leads: readonly Lead[], move: LeadMove): Lead[] {
  const lead = leads.find((l) => l.id === move.leadId);
  if (!lead) return leads as Lead[];
  const rest = leads.filter((l) => l.id !== move.leadId);
  const moved: Lead = { ...lead, stage: move.stage };
  const inColumn = (id: string | null) => (id ? rest.findIndex((l) => l.id === id && l.stage === move.stage) : -1);
  let at = inColumn(move.afterId);
  if (at >= 0) at += 1;
  else at = inColumn(move.beforeId);
  if (at < 0) {
    const order = LEAD_STAGES.indexOf(move.stage);
    at = rest.findIndex((l) => LEAD_STAGES.indexOf(l.stage) >= order);
    if (at < 0) at = rest.length;
  }
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

/**
 * The board with the move applied, as applyMove does for a list: the lead leaves its column (one
 * fewer there) and sits in its new one after afterId, else before beforeId, else at the top (one
 * more there). A board that does not hold the lead (another filter, or not loaded) is returned unchanged.
 */
export function applyBoardMove(board: LeadBoard, move: LeadMove): LeadBoard {
  const from = board.columns.find((column) => column.leads.some((l) => l.id === move.leadId));
  const lead = from?.leads.find((l) => l.id === move.leadId);
  if (!from || !lead) return board;
  const moved: Lead = { ...lead, stage: move.stage };
  return {
    ...board,
    columns: board.columns.map((column) => {
      let { leads, count } = column;
      if (column === from) {
        leads = leads.filter((l) => l.id !== move.leadId);
        count -= 1;
      }
      if (column.stage !== move.stage) return leads === column.leads ? column : { ...column, leads, count };
      const after = move.afterId ? leads.findIndex((l) => l.id === move.afterId) : -1;
      let at = after >= 0 ? after + 1 : move.beforeId ? leads.findIndex((l) => l.id === move.beforeId) : -1;
      if (at < 0) at = 0;
      return { ...column, leads: [...leads.slice(0, at), moved, ...leads.slice(at)], count: count + 1 };
    }),
  };
}
