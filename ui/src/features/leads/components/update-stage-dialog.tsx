import { ArrowRight } from "lucide-react";
import { z } from "zod/mini";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import { FormDialog, FormField, useMutationForm, type ControlProps } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const StageForm = z.object({ stage: z.enum(LEAD_STAGES) });

export interface UpdateStageDialogProps {
  lead: { name: string; stage: LeadStage } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the new stage; the dialog closes itself. */
  onSubmit: (stage: LeadStage) => void;
}

/** Update Stage (docs/product.md, "Leads board"): current stage, an arrow, a picker where the current stage is disabled. */
export function UpdateStageDialog({ lead, open, onOpenChange, onSubmit }: UpdateStageDialogProps) {
  const current = lead?.stage ?? "New Lead";
  const form = useMutationForm({
    schema: StageForm,
    defaultValues: { stage: current },
    submit: async ({ stage }) => onSubmit(stage),
    // The caller moves the lead and says how that went; handing the stage over cannot fail.
    failure: { title: "Update Failed", fallback: "Failed to update the stage. Please try again." },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Update Lead Stage"
      description={lead ? `Move ${lead.name} to another stage of the pipeline.` : "Move the lead to another stage."}
      submitLabel="Update Stage"
      pendingLabel="Update Stage"
      submitDisabled={form.watch("stage") === current}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <span className="text-sm font-medium">Current Stage</span>
          <Badge variant="secondary" className="h-9 px-3 text-sm">
            {current}
          </Badge>
        </div>
        <ArrowRight className="mb-2.5 size-4 text-muted-foreground" aria-label="to" />
        <FormField
          name="stage"
          label="New Stage"
          className="min-w-48 flex-1"
          render={(control) => <StagePicker control={control} current={current} />}
        />
      </div>
    </FormDialog>
  );
}

/** The stages in pipeline order, the lead's own one disabled. */
function StagePicker({ control: { id, value, onChange, onBlur, ref, ...aria }, current }: { control: ControlProps; current: LeadStage }) {
  return (
    <Select value={value as string} onValueChange={onChange}>
      <SelectTrigger id={id} ref={ref} onBlur={onBlur} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {LEAD_STAGES.map((s) => (
          <SelectItem key={s} value={s} disabled={s === current}>
            {s}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
