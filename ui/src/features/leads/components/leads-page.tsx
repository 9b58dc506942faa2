import { Download } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Lead, LeadPriority, LeadStage } from "@crm/contracts/lead/lead";
import { ScheduleMeetingDialog } from "@/components/lead-dialogs/schedule-meeting-dialog";
import { SendFormDialog } from "@/components/lead-dialogs/send-form-dialog";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useBoard } from "../api/get-board.ts";
import { leadsQueryOptions, type LeadsFilter } from "../api/get-leads.ts";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { downloadLeadsCsv } from "../utils/export-csv.ts";
import { AddLeadDialog } from "./add-lead-dialog.tsx";
import { BoardSkeleton } from "./board-skeleton.tsx";
import { EditLeadDialog } from "./edit-lead-dialog.tsx";
import { ImportCsvDialog } from "./import-csv-dialog.tsx";
import type { LeadCardActions } from "./lead-card-menu.tsx";
import { LeadDetailsDialog } from "./lead-details-dialog.tsx";
import { LeadsToolbar } from "./leads-toolbar.tsx";
import { PipelineBoard } from "./pipeline-board.tsx";
import { UpdateStageDialog } from "./update-stage-dialog.tsx";

type OpenDialog = { kind: "details" | "edit" | "stage" | "meeting" | "form"; lead: Lead } | null;

/** /leads: the pipeline board with search, filters, CSV export and import, and the lead dialogs. */
export function LeadsPage() {
  const [query, setQuery] = useState("");
  const [priority, setPriority] = useState<LeadPriority | undefined>();
  const [mine, setMine] = useState(false);
  const search = useDebouncedValue(query.trim(), 250);
  const filter: LeadsFilter = { search, priority, mine };
  const { board, loadMore } = useBoard(filter);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const update = useUpdateLead();
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
  const dialogProps = (kind: NonNullable<OpenDialog>["kind"]) => ({
    open: dialog?.kind === kind,
    onOpenChange: (open: boolean) => !open && setDialog((d) => (d?.kind === kind ? null : d)),
  });

  function changeStage(lead: Lead, stage: LeadStage) {
    update.mutate(
      { id: lead.id, changes: { stage, expectedVersion: lead.version } },
      {
        onSuccess: () => toast({ title: "Stage Updated", description: `${lead.name} moved to ${stage}.` }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update Failed",
            description: failureText(error, "Failed to update the stage. Please try again."),
          }),
      },
    );
  }

  const filtered = Boolean(search || priority || mine);
  const total = board.data?.columns.reduce((sum, column) => sum + column.count, 0);
  const lead = dialog?.lead ?? null;
  return (
    <>
      <PageHeader
        title="Leads"
        description="Drag a card to another stage, or use its menu, to move a lead through the pipeline."
        actions={
          <div className="flex flex-wrap gap-2">
            <ImportCsvDialog />
            <Button variant="outline" onClick={() => void exportCsv()} disabled={!board.data || exporting}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
            <AddLeadDialog />
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
      <LeadDetailsDialog lead={dialog?.kind === "details" ? lead : null} {...dialogProps("details")} />
      <EditLeadDialog lead={dialog?.kind === "edit" ? lead : null} {...dialogProps("edit")} />
      <UpdateStageDialog
        lead={dialog?.kind === "stage" ? lead : null}
        {...dialogProps("stage")}
        onSubmit={(stage) => lead && changeStage(lead, stage)}
      />
      <ScheduleMeetingDialog lead={dialog?.kind === "meeting" ? lead : null} {...dialogProps("meeting")} />
      <SendFormDialog lead={dialog?.kind === "form" ? lead : null} {...dialogProps("form")} />
    </>
  );
}
