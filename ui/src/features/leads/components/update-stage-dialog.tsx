import { ArrowRight } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";

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
  const [stage, setStage] = useState<LeadStage>(current);
  const id = useId();
  useEffect(() => {
    if (open) setStage(current);
  }, [open, current]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (stage === current) return;
    onSubmit(stage);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Lead Stage</DialogTitle>
          <DialogDescription>
            {lead ? `Move ${lead.name} to another stage of the pipeline.` : "Move the lead to another stage."}
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <span className="text-sm font-medium">Current Stage</span>
            <Badge variant="secondary" className="h-9 px-3 text-sm">
              {current}
            </Badge>
          </div>
          <ArrowRight className="mb-2.5 size-4 text-muted-foreground" aria-label="to" />
          <div className="grid min-w-48 flex-1 gap-2">
            <Label htmlFor={`${id}-stage`}>New Stage</Label>
            <Select value={stage} onValueChange={(v) => setStage(v as LeadStage)}>
              <SelectTrigger id={`${id}-stage`}>
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
          </div>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={stage === current}>
            Update Stage
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
