import { useState } from "react";
import { Inbox, Paperclip, UserPlus } from "lucide-react";
import { inboundKindLabel, type InboxMessage } from "@crm/contracts/inbound/answers";
import { useTimeZone } from "@/api/use-time-zone";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { lazyDialog } from "@/components/lazy-dialog";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useMayChange } from "@/lib/session";
import { useInbox } from "../api/get-inbox.ts";

const AssignDialog = lazyDialog(() => import("./assign-dialog.tsx").then((m) => m.AssignDialog));

/** /inbox: the messages that came in and matched no lead, newest first, each to be assigned to its lead. */
export function InboxPage() {
  const inbox = useInbox();
  const zone = useTimeZone();
  const [chosen, setChosen] = useState<InboxMessage | null>(null);
  const [open, setOpen] = useState(false);
  const changes = useMayChange();
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Mail that came in to the agency's inbound address but matched no lead. Assign each to its lead: it joins the lead's timeline and conversation."
      />
      {inbox.error ? (
        <ErrorState title="Could not load the inbox" error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the inbox">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : inbox.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No Unmatched Mail"
          description="Every message that came in found its lead. Mail that matches none waits here until someone assigns it."
        />
      ) : (
        <ul className="grid gap-4" aria-label="Unmatched messages">
          {inbox.data.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                zone={zone}
                onAssign={
                  changes
                    ? () => {
                        setChosen(message);
                        setOpen(true);
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {chosen && <AssignDialog message={chosen} open={open} onOpenChange={setOpen} />}
    </>
  );
}

/** One unmatched message; without onAssign (an Auditor reading), no Assign button. */
function MessageCard({ message, zone, onAssign }: { message: InboxMessage; zone: string; onAssign: (() => void) | undefined }) {
  const from = message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress;
  return (
    <Card>
      <CardContent className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{message.subject || "(no subject)"}</span>
          {message.kind !== "message" && <Badge variant="secondary">{inboundKindLabel(message.kind)}</Badge>}
        </div>
        <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
          From {from} · To {message.to.join(", ")} · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt, zone)}</time>
        </p>
        <p className="line-clamp-6 text-sm break-words whitespace-pre-wrap">{message.text}</p>
        {message.attachments.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Attachments">
            {message.attachments.map((file) => (
              <li key={file.fileId}>
                <a
                  href={file.url}
                  download={file.name}
                  className="inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
                >
                  <Paperclip className="size-3" aria-hidden="true" />
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {onAssign && (
          <div>
            <Button
              variant="outline"
              size="sm"
              aria-haspopup="dialog"
              onClick={onAssign}
              aria-label={`Assign "${message.subject}" to a lead`}
            >
              <UserPlus aria-hidden="true" />
              Assign to lead…
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
