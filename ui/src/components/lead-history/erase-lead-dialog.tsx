import { ShieldX } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useEraseLead } from "./use-lead-history.ts";

/** "1 event", "2 events". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export interface EraseLeadDialogProps {
  leadId: string;
  leadName: string;
}

/** Right to erasure (Partner only): typing the lead's name or ERASE enables the button. */
export function EraseLeadDialog({ leadId, leadName }: EraseLeadDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const erase = useEraseLead();
  const confirmed = typed.trim() === "ERASE" || (leadName.trim() !== "" && typed.trim().toLowerCase() === leadName.trim().toLowerCase());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    erase.mutate(
      { id: leadId, confirmation: typed },
      {
        onSuccess: (result) => {
          toast({
            title: "Personal Data Erased",
            description: `${count(result.events, "event")} in ${count(result.streams, "stream")} ${result.events === 1 ? "was" : "were"} redacted.`,
          });
          setOpen(false);
          setTyped("");
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Erasure Failed",
            description: errorMessage(error, "Could not erase this lead. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
          <ShieldX aria-hidden="true" />
          Erase Personal Data
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Erase this lead's personal data?</DialogTitle>
            <DialogDescription>
              Names, contact details, notes, messages and questionnaire answers are replaced by "[erased]" everywhere, for good. The lead's
              stages and dates stay, so the stats do not change. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="erase-confirmation">{`Type ${leadName} or ERASE to confirm`}</Label>
            <Input id="erase-confirmation" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || erase.isPending}>
              {erase.isPending ? "Erasing..." : "Erase Personal Data"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
