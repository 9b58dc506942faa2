import type { LeadStage } from "@crm/contracts/lead/lead";
import type { Lead } from "@crm/contracts/lead/answers";
import { toast } from "@/lib/toast";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import {
  AddLeadDialog,
  ChangeOwnerDialog,
  EditLeadDialog,
  ImportCsvDialog,
  LeadDetailsDialog,
  LoseLeadDialog,
  ScheduleMeetingDialog,
  SendFormDialog,
  UpdateStageDialog,
} from "./lazy-dialogs.ts";

type LeadDialogKind = "details" | "edit" | "stage" | "meeting" | "form" | "owner" | "lose";

/** The board's open dialog: one of the header's, or one a card's menu opened for its lead. */
export type BoardDialog = { kind: "add" | "import" } | { kind: LeadDialogKind; lead: Lead } | null;

/** Update Stage's choice, sent as a stage change of the version the person saw. */
function useChangeStage() {
  const update = useUpdateLead();
  return (lead: Lead, stage: LeadStage) =>
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

export interface LeadsDialogsProps {
  dialog: BoardDialog;
  /** A dialog asked to close (Cancel, Escape, a success). */
  onClose: (kind: NonNullable<BoardDialog>["kind"]) => void;
}

/** The board's dialogs: Add Lead and Import CSV from the header, the rest from a card's menu. */
export function LeadsDialogs({ dialog, onClose }: LeadsDialogsProps) {
  const changeStage = useChangeStage();
  const lead = dialog && "lead" in dialog ? dialog.lead : null;
  const leadOf = (kind: LeadDialogKind) => (dialog?.kind === kind ? lead : null);
  const props = (kind: NonNullable<BoardDialog>["kind"]) => ({
    open: dialog?.kind === kind,
    onOpenChange: (open: boolean) => !open && onClose(kind),
  });
  return (
    <>
      <AddLeadDialog {...props("add")} />
      <ImportCsvDialog {...props("import")} />
      <LeadDetailsDialog lead={leadOf("details")} {...props("details")} />
      <EditLeadDialog lead={leadOf("edit")} {...props("edit")} />
      <UpdateStageDialog lead={leadOf("stage")} {...props("stage")} onSubmit={(stage) => lead && changeStage(lead, stage)} />
      <ScheduleMeetingDialog lead={leadOf("meeting")} {...props("meeting")} />
      <SendFormDialog lead={leadOf("form")} {...props("form")} />
      <ChangeOwnerDialog lead={leadOf("owner")} {...props("owner")} />
      {/* Its lead stays while it animates shut: LoseLeadDialog takes a lead, never null. */}
      {lead && dialog?.kind === "lose" && <LoseLeadDialog lead={lead} {...props("lose")} />}
    </>
  );
}
