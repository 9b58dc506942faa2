import { Download, Plus, Upload } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { todayIn } from "@crm/contracts/time/date-time";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useMayChange, useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useBoard } from "../api/get-board.ts";
import { settingsQueryOptions } from "@/api/get-settings";
import { useAgencyTimeZone } from "@/api/get-agency-time-zone";
import { browserZone, useTimeZone } from "@/api/use-time-zone";
import { usePastBoard, type PastBoardParams } from "../api/get-past-board.ts";
import { staffQueryOptions, useStaff } from "../api/get-staff.ts";
import { leadsQueryOptions, type LeadsFilter } from "../api/get-leads.ts";
import { failureText } from "../api/lead-mutations.ts";
import { pastBoardDayOf, withBoardDay, type PastBoardDay } from "../utils/board-day.ts";
import { downloadLeadsCsv } from "../utils/export-csv.ts";
import { possibleOwners } from "../utils/owners.ts";
import { BoardDayPicker } from "./board-day-picker.tsx";
import { BoardSkeleton } from "./board-skeleton.tsx";
import { LeadsViewSwitch } from "./closed-leads-switch.tsx";
import type { LeadCardActions } from "./lead-card-menu.tsx";
import { LeadsDialogs, type BoardDialog } from "./leads-dialogs.tsx";
import { PastBoardView } from "./past-board.tsx";
import { ReassignLeadsDialog } from "./lazy-dialogs.ts";
import { LeadDisplayProvider } from "./lead-display.tsx";
import { EVERYONE, LeadsToolbar, MINE } from "./leads-toolbar.tsx";
import { PipelineBoard } from "./pipeline-board.tsx";
import { SelectionBar } from "./selection-bar.tsx";
import { StaleLeadsProvider } from "./stale-flag.tsx";

const NONE: ReadonlySet<string> = new Set();

/** The owner filter lives in the URL (?mine=true or ?owner=<id>), so a link or a reload keeps it. */
function useOwnerFilter() {
  const [params, setParams] = useSearchParams();
  const owner = params.get("mine") === "true" ? MINE : (params.get("owner") ?? EVERYONE);
  const setOwner = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete("mine");
          updated.delete("owner");
          if (next === MINE) updated.set("mine", "true");
          else if (next !== EVERYONE) updated.set("owner", next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [owner, setOwner] as const;
}

/**
 * The day the board is shown on lives in the URL (?day=, ?since=; utils/board-day.ts), in the
 * agency's calendar: null for the live board.
 */
function useBoardDay() {
  const [params, setParams] = useSearchParams();
  const zone = useAgencyTimeZone() ?? browserZone();
  const today = todayIn(zone);
  const past = pastBoardDayOf(params, today);
  const setDay = useCallback(
    (next: { day?: string; since?: string }) => setParams((current) => withBoardDay(current, next, today)),
    [setParams, today],
  );
  return { zone, today, past, setDay };
}

/** The past board's query: the toolbar's owner ("My leads" is the signed-in person) and priority. */
function pastParams(
  past: PastBoardDay | null,
  owner: string,
  myId: string | undefined,
  priority: LeadPriority | undefined,
): PastBoardParams | null {
  if (!past) return null;
  const ownerId = owner === MINE ? myId : owner === EVERYONE ? undefined : owner;
  return { ...past, ...(ownerId ? { owner: ownerId } : {}), ...(priority ? { priority } : {}) };
}

/**
 * /leads: the pipeline board with search, filters, stale flags, CSV export and import, bulk reassign,
 * and the lead dialogs; or, for a day picked in the past, that day's board, read-only.
 */
export function LeadsPage() {
  const [query, setQuery] = useState("");
  const [priority, setPriority] = useState<LeadPriority | undefined>();
  const [owner, setOwner] = useOwnerFilter();
  const search = useDebouncedValue(query.trim(), 250);
  const filter: LeadsFilter = { search, priority, mine: owner === MINE, owner: owner === MINE || owner === EVERYONE ? undefined : owner };
  const staff = useStaff();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);
  // A selection belongs to the board it was made on: a new search or filter starts it again, so a
  // bulk action never touches cards the person can no longer see.
  const filterKey = JSON.stringify(filter);
  const [selectedOn, setSelectedOn] = useState(filterKey);
  if (selectedOn !== filterKey) {
    setSelectedOn(filterKey);
    setSelected(NONE);
  }
  const [reassigning, setReassigning] = useState(false);
  const selection = useMemo(() => (selecting ? { ids: selected, onChange: setSelected } : null), [selecting, selected]);
  const changeSelecting = (next: boolean) => {
    setSelecting(next);
    if (!next) setSelected(NONE);
  };
  const { board, loadMore } = useBoard(filter);
  const { zone: agencyZone, today, past, setDay } = useBoardDay();
  const myId = useMe().data?.user?.id;
  const pastBoard = usePastBoard(pastParams(past, owner, myId, priority));
  const pickDay = (next: { day?: string; since?: string }) => {
    changeSelecting(false);
    setDay(next);
  };
  // The board replaces its skeleton in a render of its own, after the header and toolbar have painted,
  // and one React may pause every few milliseconds: a page of cards is too much work for one task on
  // a phone (issue 34, Lighthouse). A board on screen still follows a move or a live update at once.
  const boardReady = useDeferredValue(board.data !== undefined, false);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const timeZone = useTimeZone();

  /** The board holds a page of each column: the export asks for every matching lead. */
  async function exportCsv() {
    setExporting(true);
    try {
      const [leads, everyone, settings] = await Promise.all([
        queryClient.fetchQuery(leadsQueryOptions(filter)),
        queryClient.fetchQuery(staffQueryOptions),
        queryClient.fetchQuery(settingsQueryOptions),
      ]);
      downloadLeadsCsv(leads, { staff: everyone, currency: settings?.currency ?? "USD", timeZone });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: failureText(error, "Failed to export the leads. Please try again."),
      });
    } finally {
      setExporting(false);
    }
  }

  // An Auditor reads the board: no card action but viewing, no import, no new lead, no bulk reassign.
  const changes = useMayChange();
  const actions = useMemo<LeadCardActions>(() => {
    const onQuickView = (lead: Lead) => setDialog({ kind: "details", lead });
    if (!changes) return { onQuickView };
    return {
      onQuickView,
      onEdit: (lead) => setDialog({ kind: "edit", lead }),
      onScheduleMeeting: (lead) => setDialog({ kind: "meeting", lead }),
      onSendEmail: (lead) => setDialog({ kind: "form", lead }),
      onUpdateStage: (lead) => setDialog({ kind: "stage", lead }),
      onChangeOwner: (lead) => setDialog({ kind: "owner", lead }),
      onCloseAsLost: (lead) => setDialog({ kind: "lose", lead }),
    };
  }, [changes]);
  const filtered = Boolean((search && !past) || priority || owner !== EVERYONE);
  const shown = past ? pastBoard.data : board.data;
  const total = shown?.columns.reduce((sum, column) => sum + column.count, 0);
  return (
    <>
      <PageHeader
        title="Leads"
        description={
          past
            ? "The pipeline as it stood on a past day. Nothing can be moved or changed here."
            : "Drag a card to another stage, or use its menu, to move a lead through the pipeline."
        }
        actions={
          !past && (
            <div className="flex flex-wrap gap-2">
              {changes && (
                <Button
                  variant="outline"
                  aria-haspopup="dialog"
                  aria-expanded={dialog?.kind === "import"}
                  onClick={() => setDialog({ kind: "import" })}
                >
                  <Upload aria-hidden="true" />
                  Import CSV
                </Button>
              )}
              <Button variant="outline" onClick={() => void exportCsv()} disabled={!board.data || exporting}>
                <Download aria-hidden="true" />
                Export CSV
              </Button>
              {changes && (
                <Button aria-haspopup="dialog" aria-expanded={dialog?.kind === "add"} onClick={() => setDialog({ kind: "add" })}>
                  <Plus aria-hidden="true" />
                  Add Lead
                </Button>
              )}
            </div>
          )
        }
      />
      <LeadsViewSwitch view="pipeline" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LeadsToolbar
          query={query}
          onQueryChange={setQuery}
          priority={priority}
          onPriorityChange={setPriority}
          owner={owner}
          onOwnerChange={setOwner}
          owners={possibleOwners(staff.data)}
          selecting={selecting}
          {...(changes && !past ? { onSelectingChange: changeSelecting } : {})}
          searchable={!past}
          dayPicker={<BoardDayPicker today={today} value={past} onChange={pickDay} timeZone={agencyZone} />}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total !== undefined && `${total} ${filtered ? "matching " : ""}${total === 1 ? "lead" : "leads"}`}
        </p>
      </div>
      <LeadDisplayProvider>
        {past ? (
          pastBoard.error ? (
            <ErrorState title="Could not load the board on that day" error={pastBoard.error} onRetry={() => void pastBoard.refetch()} />
          ) : pastBoard.data ? (
            <PastBoardView
              board={pastBoard.data}
              today={today}
              updating={pastBoard.isPlaceholderData}
              timeZone={timeZone}
              onBackToToday={() => pickDay({})}
            />
          ) : (
            <BoardSkeleton />
          )
        ) : board.error ? (
          <ErrorState title="Could not load leads" error={board.error} onRetry={() => void board.refetch()} />
        ) : board.isPending || !boardReady ? (
          <BoardSkeleton />
        ) : (
          <StaleLeadsProvider>
            <PipelineBoard board={board.data} actions={actions} onLoadMore={loadMore} selection={selection} readOnly={!changes} />
          </StaleLeadsProvider>
        )}
      </LeadDisplayProvider>
      {selecting && !past && (
        <SelectionBar count={selected.size} onReassign={() => setReassigning(true)} onClear={() => setSelected(NONE)} />
      )}
      <ReassignLeadsDialog leadIds={[...selected]} open={reassigning} onOpenChange={setReassigning} onDone={() => changeSelecting(false)} />
      <LeadsDialogs dialog={dialog} onClose={(kind) => setDialog((d) => (d?.kind === kind ? null : d))} />
    </>
  );
}
