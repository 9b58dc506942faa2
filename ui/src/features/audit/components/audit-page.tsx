import { Download } from "lucide-react";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import type { AuditEvent, AuditEventFilters } from "@crm/contracts/audit/workbench";
import { lazyDialog } from "@/components/lazy-dialog";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useTimeZone } from "@/api/use-time-zone";
import { apiFilters, exportUrl, periodReversed, readSearch, writeSearch, type AuditSearch } from "../utils/filters.ts";
import { AuditFilters } from "./audit-filters.tsx";
import { EventList } from "./event-list.tsx";
import { VerifyStatus } from "./verify-status.tsx";

const EntityStateDialog = lazyDialog(() => import("./entity-state-dialog.tsx").then((m) => m.EntityStateDialog));

/** The filters of the address bar, and a change to some of them that keeps the rest (and the history: Back undoes a filter). */
function useAuditSearch() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (change: Partial<AuditSearch>) => setParams((current) => writeSearch({ ...readSearch(current), ...change })),
    [setParams],
  );
  return [readSearch(params), change] as const;
}

/**
 * /audit (Partners and Auditors): the chain's verification and the latest signed checkpoint, every event
 * across the system filtered by person, type, entity, period and text, each entity's state at any moment,
 * and the filtered events exported as JSON Lines or CSV.
 */
export function AuditPage() {
  const zone = useTimeZone();
  const [search, change] = useAuditSearch();
  const filters = apiFilters(search, zone);
  const [inspected, setInspected] = useState<{ event: AuditEvent; open: boolean }>();
  const showEntity = (entity: string) => change({ entity });
  const reversed = periodReversed(search);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Audit"
        description="Every event across the system: who did what, to which record, and when."
        actions={<ExportButtons filters={filters} ready={!reversed} />}
      />
      <VerifyStatus />
      <AuditFilters search={search} onChange={change} zone={zone} />
      {!reversed && (
        <EventList
          filters={filters}
          filtered={Object.values(search).some(Boolean)}
          zone={zone}
          onInspect={(event) => setInspected({ event, open: true })}
          onEntity={showEntity}
        />
      )}
      {inspected && (
        <EntityStateDialog
          key={inspected.event.eventId}
          streamId={inspected.event.streamId}
          at={inspected.event.at}
          open={inspected.open}
          onOpenChange={(open) => setInspected((current) => current && { ...current, open })}
          onShowEvents={showEntity}
        />
      )}
    </div>
  );
}

/** Every event the filters match, as a file: plain links, so the browser downloads what the server streams. */
function ExportButtons({ filters, ready }: { filters: AuditEventFilters; ready: boolean }) {
  const formats = [
    ["jsonl", "Export JSON Lines"],
    ["csv", "Export CSV"],
  ] as const;
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map(([format, label]) =>
        ready ? (
          <Button key={format} variant="outline" asChild>
            <a href={exportUrl(format, filters)} download>
              <Download aria-hidden="true" />
              {label}
            </a>
          </Button>
        ) : (
          // A period that ends before it starts has nothing to export (the server would refuse it).
          <Button key={format} variant="outline" disabled>
            <Download aria-hidden="true" />
            {label}
          </Button>
        ),
      )}
    </div>
  );
}
