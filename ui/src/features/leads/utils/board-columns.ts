import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead, LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";

/** The card ids of each column, top to bottom. */
export type Columns = Record<LeadStage, string[]>;

/** A card's new place: its column and the cards above (afterId) and below (beforeId) it. */
export interface LeadMove {
  leadId: string;
  stage: LeadStage;
  afterId: string | null;
  beforeId: string | null;
}

/** Each stage's default probability (percent), as the agency's settings give it. */
export type StageProbabilities = Readonly<Record<LeadStage, number>>;

/**
 * What a lead adds to a column's totals while it sits in the stage: its value, and its value weighted
 * by its own probability or else the stage's default, rounded per lead as the server rounds it.
 */
export function dealTotals(lead: Lead, stage: LeadStage, defaults: StageProbabilities): { valueMinor: number; weightedMinor: number } {
  if (lead.valueMinor === null) return { valueMinor: 0, weightedMinor: 0 };
  const probability = lead.probability ?? defaults[stage];
  return { valueMinor: lead.valueMinor, weightedMinor: Math.round((lead.valueMinor * probability) / 100) };
}

/** A column's totals with a lead's part taken out (sign -1) or put in (+1). */
export function shiftTotals<C extends { valueMinor: number; weightedMinor: number }>(
  column: C,
  part: { valueMinor: number; weightedMinor: number },
  sign: 1 | -1,
): C {
  if (part.valueMinor === 0) return column;
  return {
    ...column,
    valueMinor: column.valueMinor + sign * part.valueMinor,
    weightedMinor: column.weightedMinor + sign * part.weightedMinor,
  };
}

/**
 * A column's totals as the board shows them: the server's, with the parts of the cards shown in it
 * but not in the server's column (dragged in, or dropped and not yet taken) added, and the parts of
 * the cards gone from it taken out. `moved` is null while the board shows the server's columns.
 */
export function movedTotals(
  stage: LeadStage,
  loaded: { valueMinor: number; weightedMinor: number } | undefined,
  moved: { shown: Columns; columns: Columns; byId: ReadonlyMap<string, Lead>; defaults: StageProbabilities } | null,
): { valueMinor: number; weightedMinor: number } {
  let totals = { valueMinor: loaded?.valueMinor ?? 0, weightedMinor: loaded?.weightedMinor ?? 0 };
  if (!moved || moved.shown[stage] === moved.columns[stage]) return totals;
  const shown = new Set(moved.shown[stage]);
  const server = new Set(moved.columns[stage]);
  for (const id of shown) {
    const lead = moved.byId.get(id);
    if (lead && !server.has(id)) totals = shiftTotals(totals, dealTotals(lead, stage, moved.defaults), 1);
  }
  for (const id of server) {
    const lead = moved.byId.get(id);
    if (lead && !shown.has(id)) totals = shiftTotals(totals, dealTotals(lead, stage, moved.defaults), -1);
  }
  return totals;
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
 * more there); its value and weighted value move with it (weighted by the new stage's default when
 * it has no probability of its own). A board that does not hold the lead (another filter, or not
 * loaded) is returned unchanged.
 */
export function applyBoardMove(board: LeadBoard, move: LeadMove, defaults: StageProbabilities = DEFAULT_STAGE_PROBABILITIES): LeadBoard {
  const from = board.columns.find((column) => column.leads.some((l) => l.id === move.leadId));
  const lead = from?.leads.find((l) => l.id === move.leadId);
  if (!from || !lead) return board;
  const moved: Lead = { ...lead, stage: move.stage };
  return {
    ...board,
    columns: board.columns.map((column) => {
      let next = column;
      if (column === from) {
        next = { ...column, leads: column.leads.filter((l) => l.id !== move.leadId), count: column.count - 1 };
        next = shiftTotals(next, dealTotals(lead, from.stage, defaults), -1);
      }
      if (column.stage !== move.stage) return next;
      const { leads } = next;
      const after = move.afterId ? leads.findIndex((l) => l.id === move.afterId) : -1;
      let at = after >= 0 ? after + 1 : move.beforeId ? leads.findIndex((l) => l.id === move.beforeId) : -1;
      if (at < 0) at = 0;
      next = { ...next, leads: [...leads.slice(0, at), moved, ...leads.slice(at)], count: next.count + 1 };
      return shiftTotals(next, dealTotals(moved, move.stage, defaults), 1);
    }),
  };
}
