import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { Lead } from "@crm/contracts/lead/answers";
import { LoseLeadBody } from "@crm/contracts/lead/commands";
import { DEFAULT_LOST_REASONS } from "@crm/contracts/lead/stages";
import { FormDialog, SelectField, TextareaField, useMutationForm } from "@/components/form";
import { useSettings } from "@/api/get-settings";
import { toast } from "@/lib/toast";
import { useLoseLead } from "../api/closed-leads.ts";
import { errorMessage } from "../api/lead-mutations.ts";

/** The form's values: the body of POST /api/leads/{id}/lose (an empty note is sent as none). */
interface LoseValues {
  reason: string;
  note: string;
}

// The contract's body checks the fields (its note turns "" into null, hence the cast of the input type).
const schema = LoseLeadBody as unknown as StandardSchemaV1<LoseValues, LoseValues>;

/** The agency's lost reasons (GET /api/settings): none while they load, the defaults if they cannot be read. */
function useLostReasons(): { reasons: readonly string[]; loading: boolean } {
  const settings = useSettings();
  const reasons = settings.data?.lostReasons;
  if (reasons && reasons.length > 0) return { reasons, loading: false };
  return settings.isPending ? { reasons: [], loading: true } : { reasons: DEFAULT_LOST_REASONS, loading: false };
}

export interface LoseLeadDialogProps {
  lead: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Close as Lost: one of the agency's reasons and a note; the lead leaves the board for the Lost view. */
export function LoseLeadDialog({ lead, open, onOpenChange }: LoseLeadDialogProps) {
  const lose = useLoseLead();
  const { reasons, loading } = useLostReasons();
  const form = useMutationForm({
    schema,
    defaultValues: { reason: "", note: "" },
    submit: (values) =>
      lose.mutateAsync({ id: lead.id, reason: values.reason, note: values.note.trim() || null, expectedVersion: lead.version }),
    failure: (error) => ({
      title: "Could Not Close Lead",
      description: errorMessage(error, "The lead could not be closed. Please try again."),
    }),
    onSuccess: () => toast({ title: "Closed as Lost", description: `${lead.name} moved to the Lost view; reopen it from there.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Close as Lost"
      description={`${lead.name} (${lead.business}) leaves the board and the stats. You can reopen it from the Lost view.`}
      submitLabel="Close as Lost"
      pendingLabel="Closing..."
      submitVariant="destructive"
      className="sm:max-w-lg"
    >
      <SelectField<LoseValues>
        name="reason"
        label="Reason"
        required
        placeholder={loading ? "Loading…" : "Choose a reason"}
        options={reasons.map((reason) => ({ value: reason, label: reason }))}
      />
      <TextareaField<LoseValues> name="note" label="Note" rows={4} maxLength={2000} placeholder="What happened? (optional)" />
    </FormDialog>
  );
}
