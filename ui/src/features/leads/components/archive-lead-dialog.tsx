import { useNavigate } from "react-router";
import { z } from "zod/mini";
import type { Lead } from "@crm/contracts/lead/answers";
import { FormDialog, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useArchiveLead } from "../api/archive-lead.ts";
import { CONFLICT_TEXT, errorMessage, isConflict } from "../api/lead-mutations.ts";

/** A confirmation has no fields. */
const NO_FIELDS = z.object({});

export interface ArchiveLeadDialogProps {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Archive (Partner only): asks first, then takes the lead off the board and returns to /leads. */
export function ArchiveLeadDialog({ lead, open, onOpenChange }: ArchiveLeadDialogProps) {
  const archive = useArchiveLead();
  const navigate = useNavigate();
  const form = useMutationForm({
    schema: NO_FIELDS,
    defaultValues: {},
    submit: () => archive.mutateAsync({ id: lead.id, expectedVersion: lead.version }),
    failure: (error) => ({
      title: "Archive Failed",
      description: isConflict(error) ? CONFLICT_TEXT : errorMessage(error, "Failed to archive lead. Please try again."),
    }),
    onSuccess: () => {
      toast({ title: "Lead Archived", description: `${lead.name} has been archived.` });
      void navigate("/leads");
    },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Archive this lead?"
      description={`${lead.name} (${lead.business}) leaves the board, the stats and the timelines. Its history is kept for the audit.`}
      submitLabel="Archive Lead"
      pendingLabel="Archiving..."
      submitVariant="destructive"
    />
  );
}
