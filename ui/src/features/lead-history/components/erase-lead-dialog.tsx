import { useWatch } from "react-hook-form";
import { confirmsErasure, ERASE_WORD, EraseLeadBody } from "@crm/contracts/erasure/erasure";
import { FormDialog, TextField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useEraseLead } from "../api/erase-lead.ts";

/** "1 event", "2 events". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export interface EraseLeadDialogProps {
  leadId: string;
  leadName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Right to erasure (Partner only): typing the lead's name or ERASE enables the button. */
export function EraseLeadDialog({ leadId, leadName, open, onOpenChange }: EraseLeadDialogProps) {
  const erase = useEraseLead(leadId);
  const form = useMutationForm({
    schema: EraseLeadBody,
    defaultValues: { confirmation: "" },
    submit: erase.mutateAsync,
    failure: { title: "Erasure Failed", fallback: "Could not erase this lead. Please try again." },
    onSuccess: (result) => {
      toast({
        title: "Personal Data Erased",
        description: `${count(result.events, "event")} in ${count(result.streams, "stream")} ${result.events === 1 ? "was" : "were"} redacted.`,
      });
    },
  });
  const typed = useWatch({ control: form.control, name: "confirmation" });
  return (
    <FormDialog
      form={form}
      submitVariant="destructive"
      open={open}
      onOpenChange={onOpenChange}
      title="Erase this lead's personal data?"
      description={`Names, contact details, notes, messages and questionnaire answers are replaced by "[erased]" everywhere, for good. The lead's stages and dates stay, so the stats do not change. This cannot be undone.`}
      submitLabel="Erase Personal Data"
      pendingLabel="Erasing..."
      submitDisabled={!confirmsErasure(typed, leadName)}
    >
      <TextField name="confirmation" label={`Type ${leadName} or ${ERASE_WORD} to confirm`} autoComplete="off" />
    </FormDialog>
  );
}
