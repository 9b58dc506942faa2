import { Archive } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { useArchiveLead } from "../api/archive-lead.ts";
import { CONFLICT_TEXT, errorMessage, isConflict } from "../api/lead-mutations.ts";

/** Archive (Partner only): asks first, then takes the lead off the board and returns to /leads. */
export function ArchiveLeadDialog({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState(false);
  const archive = useArchiveLead();
  const navigate = useNavigate();

  function confirm() {
    archive.mutate(
      { id: lead.id, expectedVersion: lead.version },
      {
        onSuccess: () => {
          toast({ title: "Lead Archived", description: `${lead.name} has been archived.` });
          setOpen(false);
          void navigate("/leads");
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Archive Failed",
            description: isConflict(error) ? CONFLICT_TEXT : errorMessage(error, "Failed to archive lead. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          <Archive aria-hidden="true" />
          Archive
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Archive this lead?</DialogTitle>
          <DialogDescription>
            {`${lead.name} (${lead.business}) leaves the board, the stats and the timelines. Its history is kept for the audit.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={archive.isPending}>
            {archive.isPending ? "Archiving..." : "Archive Lead"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
