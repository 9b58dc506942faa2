import { Hourglass } from "lucide-react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { StaleLead } from "@crm/contracts/reports/reports";
import { useStaleLeads } from "../api/get-stale-leads.ts";

const NONE: ReadonlyMap<string, StaleLead> = new Map();
const StaleLeadsContext = createContext<ReadonlyMap<string, StaleLead>>(NONE);

/** Reads the stale leads once for the whole board; each card looks itself up by id. */
export function StaleLeadsProvider({ children }: { children: ReactNode }) {
  const { data } = useStaleLeads();
  const byId = useMemo(() => (data ? new Map(data.leads.map((lead) => [lead.id, lead] as const)) : NONE), [data]);
  return <StaleLeadsContext value={byId}>{children}</StaleLeadsContext>;
}

/** The lead's stale entry, if it has gone quiet for longer than its stage allows. */
export function useStaleLead(id: string): StaleLead | undefined {
  return useContext(StaleLeadsContext).get(id);
}

/** "Stale: 12 days without activity": what the card shows and what a screen reader hears with the card's name. */
export const staleText = (stale: Pick<StaleLead, "idleDays">): string =>
  `Stale: ${stale.idleDays} ${stale.idleDays === 1 ? "day" : "days"} without activity`;

/**
 * The flag on a stale card: an hourglass and the idle days, in words rather than colour alone; the
 * card names this line as its description, and the title gives the stage's limit.
 */
export function StaleFlag({ stale, id }: { stale: StaleLead; id: string }) {
  return (
    <p
      id={id}
      data-stale
      title={`No activity for ${stale.idleDays} days; leads in ${stale.stage} are flagged after ${stale.limitDays}.`}
      className="flex w-fit items-center gap-1.5 rounded-md bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-300"
    >
      <Hourglass className="size-3.5 shrink-0" aria-hidden="true" />
      {staleText(stale)}
    </p>
  );
}
