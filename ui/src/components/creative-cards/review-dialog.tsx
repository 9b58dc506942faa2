import { useId, useState, type FormEvent } from "react";
import type { ContentSubmission, ReviewDecision } from "@crm/contracts/creative/submission";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useReviewSubmission } from "./api.ts";

const COPY: Record<
  ReviewDecision,
  { title: string; action: string; pending: string; done: string; variant: "default" | "destructive" | "outline" }
> = {
  approve: { title: "Approve content", action: "Approve", pending: "Approving...", done: "Content Approved", variant: "default" },
  reject: { title: "Reject content", action: "Reject", pending: "Rejecting...", done: "Content Rejected", variant: "destructive" },
  request_revision: {
    title: "Request a revision",
    action: "Request Revision",
    pending: "Sending...",
    done: "Revision Requested",
    variant: "outline",
  },
};

export interface ReviewDialogProps {
  submission: ContentSubmission | null;
  decision: ReviewDecision;
  onOpenChange: (open: boolean) => void;
}

/** Approve, reject or request a revision of a pending submission, with review notes. */
export function ReviewDialog({ submission, decision, onOpenChange }: ReviewDialogProps) {
  const [notes, setNotes] = useState("");
  const review = useReviewSubmission();
  const id = useId();
  const copy = COPY[decision];
  const notesRequired = decision !== "approve";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!submission) return;
    review.mutate(
      { submission, decision, reviewNotes: notes.trim() },
      {
        onSuccess: () => {
          toast({ title: copy.done, description: `${submission.title} (${submission.leadName})` });
          setNotes("");
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Review Failed",
            description: errorMessage(error, "Failed to review the content. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={submission !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{submission ? `${submission.title} for ${submission.leadName}` : ""}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Review notes{notesRequired ? "" : " (optional)"}</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            required={notesRequired}
            maxLength={5000}
            onChange={(e) => setNotes(e.target.value)}
            placeholder={notesRequired ? "What should change?" : "Anything to pass on?"}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${id}-form`}
            variant={copy.variant === "outline" ? "default" : copy.variant}
            disabled={review.isPending}
          >
            {review.isPending ? copy.pending : copy.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
