import { Download, Plus, Upload } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useBoard } from "../api/get-board.ts";
import { leadsQueryOptions, type LeadsFilter } from "../api/get-leads.ts";
import { failureText } from "../api/lead-mutations.ts";
import { downloadLeadsCsv } from "../utils/export-csv.ts";
import { BoardSkeleton } from "./board-skeleton.tsx";
import type { LeadCardActions } from "./lead-card-menu.tsx";
import { LeadsDialogs, type BoardDialog } from "./leads-dialogs.tsx";
import { LeadsToolbar } from "./leads-toolbar.tsx";
import { PipelineBoard } from "./pipeline-board.tsx";

/** /leads: the pipeline board with search, filters, CSV export and import, and the lead dialogs. */
export function LeadsPage() {
  const [query, setQuery] = useState("");
  const [priority, setPriority] = useState<LeadPriority | undefined>();
  const [mine, setMine] = useState(false);
  const search = useDebouncedValue(query.trim(), 250);
  const filter: LeadsFilter = { search, priority, mine };
  const { board, loadMore } = useBoard(filter);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);

  /** The board holds a page of each column: the export asks for every matching lead. */
  async function exportCsv() {
    setExporting(true);
    try {
      downloadLeadsCsv(await queryClient.fetchQuery(leadsQueryOptions(filter)));
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

  const actions = useMemo<LeadCardActions>(
    () => ({
      onQuickView: (lead) => setDialog({ kind: "details", lead }),
      onEdit: (lead) => setDialog({ kind: "edit", lead }),
      onScheduleMeeting: (lead) => setDialog({ kind: "meeting", lead }),
      onSendEmail: (lead) => setDialog({ kind: "form", lead }),
      onUpdateStage: (lead) => setDialog({ kind: "stage", lead }),
    }),
    [],
  );
  const filtered = Boolean(search || priority || mine);
  const total = board.data?.columns.reduce((sum, column) => sum + column.count, 0);
  return (
    <>
      <PageHeader
        title="Leads"
        description="Drag a card to another stage, or use its menu, to move a lead through the pipeline."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" aria-haspopup="dialog" aria-expanded={dialog?.kind === "import"} onClick={() => setDialog({ kind: "import" })}>
              <Upload aria-hidden="true" />
              Import CSV
            </Button>
            <Button variant="outline" onClick={() => void exportCsv()} disabled={!board.data || exporting}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
            <Button aria-haspopup="dialog" aria-expanded={dialog?.kind === "add"} onClick={() => setDialog({ kind: "add" })}>
              <Plus aria-hidden="true" />
              Add Lead
            </Button>
          </div>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LeadsToolbar
          query={query}
          onQueryChange={setQuery}
          priority={priority}
          onPriorityChange={setPriority}
          mine={mine}
          onMineChange={setMine}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total !== undefined && `${total} ${filtered ? "matching " : ""}${total === 1 ? "lead" : "leads"}`}
        </p>
      </div>
      {board.error ? (
        <ErrorState title="Could not load leads" error={board.error} onRetry={() => void board.refetch()} />
      ) : board.isPending ? (
        <BoardSkeleton />
      ) : (
        <PipelineBoard board={board.data} actions={actions} onLoadMore={loadMore} />
      )}
      <LeadsDialogs dialog={dialog} onClose={(kind) => setDialog((d) => (d?.kind === kind ? null : d))} />
    </>
  );
}
