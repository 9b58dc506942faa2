import { useEffect, useState, type FormEvent } from "react";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAssignDirector } from "../api/assign-director.ts";
import { useCreativeDirectors } from "../api/get-creative-directors.ts";

export interface AssignDirectorDialogProps {
  client: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const REQUIRED = "Please select a creative director";

/** Assigns a creative director; the client moves to "Creative Director Assigned" (a director must be chosen). */
export function AssignDirectorDialog({ client, open, onOpenChange }: AssignDirectorDialogProps) {
  const directors = useCreativeDirectors(open);
  const assign = useAssignDirector();
  const [directorId, setDirectorId] = useState("");
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDirectorId(client.creativeDirectorId ?? "");
    setMissing(false);
  }, [open, client.creativeDirectorId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!directorId) {
      setMissing(true);
      toast({ variant: "destructive", title: "Director Required", description: REQUIRED });
      return;
    }
    const name = directors.data?.find((d) => d.id === directorId)?.displayName ?? "The director";
    assign.mutate(
      { leadId: client.id, creativeDirectorId: directorId },
      {
        onSuccess: () => {
          toast({ title: "Director Assigned", description: `${name} is now the creative director for ${client.business}.` });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Assignment Failed",
            description: errorMessage(error, "Failed to assign the director. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Assign Creative Director</DialogTitle>
            <DialogDescription>
              Choose who leads the creative work for {client.name}. The client moves to "Creative Director Assigned".
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="assign-director">Creative director</Label>
            <Select
              value={directorId}
              onValueChange={(id) => {
                setDirectorId(id);
                setMissing(false);
              }}
              disabled={directors.isPending}
            >
              <SelectTrigger
                id="assign-director"
                aria-invalid={missing || undefined}
                aria-describedby={missing ? "assign-director-error" : undefined}
              >
                <SelectValue placeholder={directors.isPending ? "Loading directors…" : "Select a creative director"} />
              </SelectTrigger>
              <SelectContent>
                {(directors.data ?? []).map((director) => (
                  <SelectItem key={director.id} value={director.id}>
                    {director.displayName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {missing && (
              <p id="assign-director-error" className="text-sm text-destructive" role="alert">
                {REQUIRED}
              </p>
            )}
            {directors.data?.length === 0 && <p className="text-sm text-muted-foreground">No approved creative directors yet.</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={assign.isPending}>
              {assign.isPending ? "Assigning..." : "Assign Director"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
