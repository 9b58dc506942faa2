import { useState } from "react";
import { ArrowDownLeft, ArrowUpRight, Paperclip, Reply } from "lucide-react";
import type { ConversationEntry } from "@crm/contracts/inbound/answers";
import { useTimeZone } from "@/api/use-time-zone";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useConversation } from "../api/get-conversation.ts";
import { SendEmailDialog } from "./lazy-dialogs.ts";
import type { ReplyTarget } from "./send-email-dialog.tsx";

export interface ConversationCardProps {
  lead: { id: string; name: string; email: string | null };
  /** Offers Reply on what came in (staff, on an open lead with an email that is not erased). */
  canReply: boolean;
}

/** How an outgoing mail stands, as the card says it. */
const SENT_STATUS: Record<string, string> = { queued: "sending", sent: "sent", failed: "failed" };

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Conversation (docs/product.md, "Replies"): the lead's mail thread in time order, oldest first and the
 * newest at the bottom, what we sent and what came in, times in the reader's zone. Each received
 * message offers Reply, which opens Send Email in reply mode.
 */
export function ConversationCard({ lead, canReply }: ConversationCardProps) {
  const conversation = useConversation(lead.id);
  const zone = useTimeZone();
  const [replyTo, setReplyTo] = useState<ReplyTarget | undefined>();
  const [open, setOpen] = useState(false);
  const entries = conversation.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Conversation</CardTitle>
      </CardHeader>
      <CardContent>
        {conversation.isPending ? (
          <Skeleton className="h-16" />
        ) : conversation.error ? (
          <p className="text-sm text-destructive">Could not load the conversation.</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mail yet. Emails you send and the lead's replies show here.</p>
        ) : (
          <ol className="space-y-4" aria-label="Conversation">
            {entries.map((entry) => (
              <ConversationItem
                key={entry.id}
                entry={entry}
                zone={zone}
                onReply={
                  canReply && entry.direction === "in" && entry.kind === "message"
                    ? () => {
                        setReplyTo({ id: entry.id, subject: entry.subject, fromName: entry.fromName, fromAddress: entry.fromAddress });
                        setOpen(true);
                      }
                    : undefined
                }
              />
            ))}
          </ol>
        )}
      </CardContent>
      {canReply && lead.email && (
        <SendEmailDialog lead={{ ...lead, email: lead.email }} open={open} onOpenChange={setOpen} replyTo={replyTo} />
      )}
    </Card>
  );
}

function ConversationItem({ entry, zone, onReply }: { entry: ConversationEntry; zone: string; onReply: (() => void) | undefined }) {
  const incoming = entry.direction === "in";
  const who = incoming ? `From ${entry.fromName ? `${entry.fromName} <${entry.fromAddress}>` : entry.fromAddress}` : `To ${entry.to}`;
  return (
    <li
      className={`grid gap-1.5 rounded-lg border p-3 ${incoming ? "bg-muted/40" : "ml-4 sm:ml-8"}`}
      aria-label={`${incoming ? "Received" : "Sent"}: ${entry.subject}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {incoming ? (
          <ArrowDownLeft className="size-4 text-muted-foreground" aria-hidden="true" />
        ) : (
          <ArrowUpRight className="size-4 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="min-w-0 text-sm font-medium break-words">{entry.subject}</span>
        {incoming ? (
          entry.status === "assigned" && <Badge variant="outline">assigned from the inbox</Badge>
        ) : (
          <Badge variant={entry.status === "failed" ? "destructive" : "secondary"}>{SENT_STATUS[entry.status] ?? entry.status}</Badge>
        )}
      </div>
      <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
        {who}
        {!incoming && entry.fromName && <> · by {entry.fromName}</>} · <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
      </p>
      <p className="line-clamp-[12] text-sm break-words whitespace-pre-wrap">{entry.text}</p>
      {entry.attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {entry.attachments.map((file) => (
            <li key={file.fileId}>
              <a
                href={file.url}
                download={file.name}
                className="inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
              >
                <Paperclip className="size-3" aria-hidden="true" />
                {file.name} ({sizeOf(file.size)})
              </a>
            </li>
          ))}
        </ul>
      )}
      {onReply && (
        <div>
          <Button variant="outline" size="sm" onClick={onReply} aria-haspopup="dialog" aria-label={`Reply to ${entry.subject}`}>
            <Reply aria-hidden="true" />
            Reply
          </Button>
        </div>
      )}
    </li>
  );
}
