import { Check, FileText, Film, Image as ImageIcon, RotateCcw, Type, X } from "lucide-react";
import { useState } from "react";
import type { ReviewDecision } from "@crm/contracts/creative/submission";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import { formatBytes } from "@crm/contracts/creative/limits";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { SUBMISSION_STATUS_LABELS } from "../utils/creative-model.ts";
import { ReviewDialog } from "./lazy-dialogs.ts";
import { useTimeZone } from "@/api/use-time-zone";

// Explicit shades: the theme's warning and success tokens are too light for small text on a tint (WCAG AA).
const STATUS_STYLE: Record<ContentSubmission["status"], string> = {
  pending: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-100",
  approved: "border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-100",
  rejected: "border-transparent bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-100",
  revision_requested: "border-transparent bg-sky-100 text-sky-900 dark:bg-sky-500/20 dark:text-sky-100",
};
const TYPE_ICON = { video: Film, photo: ImageIcon, graphic: ImageIcon, caption: Type } as const;

/**
 * The image itself as the thumbnail, sized by the browser: no image library is installed on the
 * server (decisions/013). Lazy, so a long list loads only what is on screen.
 */
function Preview({ submission }: { submission: ContentSubmission }) {
  const file = submission.file;
  const Icon = file?.contentType === "application/pdf" || file?.contentType === "text/plain" ? FileText : TYPE_ICON[submission.type];
  if (file && file.contentType.startsWith("image/")) {
    return <img src={file.url} alt="" loading="lazy" className="size-16 shrink-0 rounded-md border bg-muted object-cover sm:size-20" />;
  }
  return (
    <span
      className="flex size-16 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground sm:size-20"
      aria-hidden="true"
    >
      <Icon className="size-6" />
    </span>
  );
}

function SubmissionItem({
  submission,
  showLead,
  canReview,
  onReview,
}: {
  submission: ContentSubmission;
  showLead: boolean;
  canReview: boolean;
  onReview: (d: ReviewDecision) => void;
}) {
  const zone = useTimeZone();
  const file = submission.file;
  return (
    <li className="flex gap-3 rounded-lg border p-3">
      <Preview submission={submission} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words">{submission.title}</h3>
          <Badge variant="outline" className="capitalize">
            {submission.type}
          </Badge>
          <Badge className={STATUS_STYLE[submission.status]}>{SUBMISSION_STATUS_LABELS[submission.status]}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">
          {showLead && `${submission.leadName} · `}Submitted {formatDate(submission.createdAt, zone)}
          {submission.reviewedAt && ` · Reviewed ${formatDate(submission.reviewedAt, zone)}`}
        </p>
        {submission.description && <p className="text-sm break-words">{submission.description}</p>}
        {submission.caption && <p className="text-sm break-words text-muted-foreground italic">“{submission.caption}”</p>}
        {file && (
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className="w-fit text-sm break-all text-primary underline-offset-4 hover:underline"
          >
            {file.name} ({formatBytes(file.size)})
          </a>
        )}
        {submission.reviewNotes && (
          <p className="text-sm break-words">
            <span className="font-medium">Review notes:</span> {submission.reviewNotes}
          </p>
        )}
        {canReview && submission.status === "pending" && (
          <div className="mt-1 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onReview("approve")} aria-label={`Approve ${submission.title}`}>
              <Check aria-hidden="true" /> Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onReview("request_revision")}
              aria-label={`Request revision of ${submission.title}`}
            >
              <RotateCcw aria-hidden="true" /> Request Revision
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive"
              onClick={() => onReview("reject")}
              aria-label={`Reject ${submission.title}`}
            >
              <X aria-hidden="true" /> Reject
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

export interface SubmissionListProps {
  submissions: readonly ContentSubmission[];
  showLead?: boolean;
  canReview: boolean;
}

/** Content submissions with their file, status and, while pending, the review actions. */
export function SubmissionList({ submissions, showLead = false, canReview }: SubmissionListProps) {
  // The last review asked for stays in the dialog while it animates shut.
  const [reviewing, setReviewing] = useState<{ submission: ContentSubmission; decision: ReviewDecision } | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ul className="grid gap-3" aria-label="Content submissions">
        {submissions.map((s) => (
          <SubmissionItem
            key={s.id}
            submission={s}
            showLead={showLead}
            canReview={canReview}
            onReview={(decision) => {
              setReviewing({ submission: s, decision });
              setOpen(true);
            }}
          />
        ))}
      </ul>
      {reviewing && <ReviewDialog submission={reviewing.submission} decision={reviewing.decision} open={open} onOpenChange={setOpen} />}
    </>
  );
}
