import { z } from "zod/mini";
import type { ReviewDecision } from "@crm/contracts/creative/submission";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import { FormDialog, TextareaField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useReviewSubmission } from "../api/review-submission.ts";

const COPY: Record<ReviewDecision, { title: string; action: string; pending: string; done: string; variant: "default" | "destructive" }> = {
  approve: { title: "Approve content", action: "Approve", pending: "Approving...", done: "Content Approved", variant: "default" },
  reject: { title: "Reject content", action: "Reject", pending: "Rejecting...", done: "Content Rejected", variant: "destructive" },
  request_revision: {
    title: "Request a revision",
    action: "Request Revision",
    pending: "Sending...",
    done: "Revision Requested",
    variant: "default",
  },
};

const notes = z.string().check(z.trim(), z.maxLength(5_000, "At most 5000 characters"));
/** Notes are optional to approve; a rejection or a revision says what should change (docs/product.md, "Creative work"). */
const NOTES = {
  optional: z.object({ reviewNotes: notes }),
  required: z.object({ reviewNotes: notes.check(z.minLength(1, "Review notes are required")) }),
};

export interface ReviewDialogProps {
  submission: ContentSubmission;
  decision: ReviewDecision;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Approve, reject or request a revision of a pending submission, with review notes. */
export function ReviewDialog({ submission, decision, open, onOpenChange }: ReviewDialogProps) {
  const review = useReviewSubmission();
  const copy = COPY[decision];
  const notesRequired = decision !== "approve";
  const form = useMutationForm({
    schema: notesRequired ? NOTES.required : NOTES.optional,
    defaultValues: { reviewNotes: "" },
    submit: ({ reviewNotes }) => review.mutateAsync({ submission, decision, reviewNotes }),
    failure: { title: "Review Failed", fallback: "Failed to review the content. Please try again." },
    onSuccess: () => toast({ title: copy.done, description: `${submission.title} (${submission.leadName})` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={copy.title}
      description={`${submission.title} for ${submission.leadName}`}
      submitLabel={copy.action}
      pendingLabel={copy.pending}
      submitVariant={copy.variant}
      className="max-h-[90vh] overflow-y-auto"
    >
      <TextareaField
        name="reviewNotes"
        maxLength={5000}
        label={`Review notes${notesRequired ? "" : " (optional)"}`}
        placeholder={notesRequired ? "What should change?" : "Anything to pass on?"}
      />
    </FormDialog>
  );
}
