import { Search } from "lucide-react";
import { useState } from "react";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "@/api/get-settings";
import { isPartner } from "@/lib/roles";
import { useCurrentUser } from "@/lib/session";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useClosedLeads, useUserNames, type ClosedView } from "../api/closed-leads.ts";
import { ClosedLeadsList } from "./closed-leads-list.tsx";
import { LeadsViewSwitch } from "./closed-leads-switch.tsx";

const DESCRIPTION: Record<ClosedView, string> = {
  lost: "Deals closed as lost, newest first. Reopen one to put it back on the board in the stage it left.",
  archived: "Leads taken off the board by a Partner, newest first. A Partner can restore one to where it was.",
};

/** /leads?view=lost|archived: the closed leads, searchable like the board, each linking to its page. */
export function ClosedLeadsPage({ view }: { view: ClosedView }) {
  const user = useCurrentUser();
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 250);
  const leads = useClosedLeads(view, search);
  const settings = useSettings();
  const owners = useUserNames();
  const noun = view === "lost" ? "lost" : "archived";
  const count = leads.data?.length;
  return (
    <>
      <PageHeader title="Leads" description={DESCRIPTION[view]} />
      <LeadsViewSwitch view={view} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="search" className="relative w-full sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            placeholder={`Search ${noun} leads...`}
            aria-label={`Search ${noun} leads`}
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count !== undefined && `${count} ${noun} ${count === 1 ? "lead" : "leads"}`}
        </p>
      </div>
      {leads.error ? (
        <ErrorState title={`Could not load the ${noun} leads`} error={leads.error} onRetry={() => void leads.refetch()} />
      ) : !leads.data ? (
        <div role="status" aria-label={`Loading ${noun} leads`} className="grid gap-2">
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
          <Skeleton className="h-16 rounded-xl" />
        </div>
      ) : (
        <ClosedLeadsList
          view={view}
          leads={leads.data}
          search={search}
          currency={settings.data?.currency ?? "USD"}
          owners={owners}
          canRestore={isPartner(user.role)}
        />
      )}
    </>
  );
}
