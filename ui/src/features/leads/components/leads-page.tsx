import { FolderKanban, Search } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useLeads } from "../api/get-leads.ts";
import { LeadsTable } from "./leads-table.tsx";

/** /leads: the pipeline's leads, searchable by name, business or email. */
export function LeadsPage() {
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 250);
  const leads = useLeads({ search });
  return (
    <>
      <PageHeader title="Leads" description="Every lead in the pipeline." />
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          placeholder="Search leads..."
          aria-label="Search leads"
          className="pl-9"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {leads.error ? (
        <ErrorState title="Could not load leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : leads.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading leads" />
        </div>
      ) : leads.data.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title={search ? "No leads match your search" : "No leads yet"}
          description={search ? `Nothing matches "${search}" in a name, business or email.` : "Leads added to the pipeline show up here."}
        />
      ) : (
        <LeadsTable leads={leads.data} />
      )}
    </>
  );
}
