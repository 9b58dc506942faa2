import { CalendarPlus, MapPin, Video } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useLeadMeetings } from "../api/get-lead-meetings.ts";
import { formatDateTime } from "../utils/format-date-time.ts";

const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 60_000);

/**
 * Meetings: the lead's meetings, soonest first, with where they happen; Schedule Meeting opens the
 * dialog (absent without onSchedule: an erased lead can no longer be met).
 */
export function MeetingsCard({ leadId, onSchedule }: { leadId: string; onSchedule?: (() => void) | undefined }) {
  const meetings = useLeadMeetings(leadId);
  const sorted = [...(meetings.data ?? [])].sort((a, b) => a.startTime.localeCompare(b.startTime));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Meetings</CardTitle>
        {onSchedule && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={onSchedule}>
              <CalendarPlus aria-hidden="true" />
              Schedule Meeting
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {meetings.isPending ? (
          <Skeleton className="h-14" />
        ) : meetings.error ? (
          <p className="text-sm text-destructive">Could not load the meetings.</p>
        ) : sorted.length === 0 ? (
          <p className="text-sm text-muted-foreground">No meetings scheduled.</p>
        ) : (
          <ul className="divide-y">
            {sorted.map((m) => (
              <li key={m.id} className="grid gap-1 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium">{m.title}</span>
                  <Badge variant="secondary">{m.type}</Badge>
                  {m.status === "cancelled" && <Badge variant="destructive">cancelled</Badge>}
                </div>
                <p className="text-sm text-muted-foreground">
                  {formatDateTime(m.startTime)} · {minutesBetween(m.startTime, m.endTime)} min
                </p>
                {m.meetingType === "in-person" ? (
                  <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {m.location}
                  </p>
                ) : m.meetLink ? (
                  <a
                    href={m.meetLink}
                    target="_blank"
                    rel="noreferrer"
                    className="flex w-fit items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
                  >
                    <Video className="size-3.5" aria-hidden="true" />
                    Join video call
                  </a>
                ) : (
                  <p className="text-sm text-muted-foreground">Video link on its way</p>
                )}
                {m.attendeeEmail && (
                  <p className="text-xs text-muted-foreground">
                    Invite {m.inviteStatus === "sent" ? "sent" : m.inviteStatus} to {m.attendeeEmail}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
