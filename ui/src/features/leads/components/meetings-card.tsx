import { useState } from "react";
import { CalendarClock, CalendarPlus, CalendarX, MapPin, MoreHorizontal, Video } from "lucide-react";
import { videoCallName } from "@crm/contracts/meeting/calendar-text";
import { RSVP_LABELS, type Meeting } from "@crm/contracts/meeting/answers";
import { useTimeZone } from "@/api/use-time-zone";
import { lazyDialog } from "@/components/lazy-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTimeRange } from "@/lib/format";
import { useLeadMeetings } from "../api/get-lead-meetings.ts";
import { minutesBetween } from "../utils/meeting-times.ts";

const RescheduleMeetingDialog = lazyDialog(() => import("./reschedule-meeting-dialog.tsx").then((m) => m.RescheduleMeetingDialog));
const CancelMeetingDialog = lazyDialog(() => import("./cancel-meeting-dialog.tsx").then((m) => m.CancelMeetingDialog));

/** The invited lead's answer from their calendar (an iTIP REPLY), if they gave one since the meeting last moved. */
const answerOf = (m: Meeting) => m.responses.find((r) => r.attendee.toLowerCase() === m.attendeeEmail?.toLowerCase());

const ANSWER_VARIANTS = { accepted: "default", declined: "destructive", tentative: "outline" } as const;

/** "Accepted", "Declined" or "Tentative" beside the invite line of a scheduled meeting the lead answered. */
function LeadAnswer({ meeting }: { meeting: Meeting }) {
  const answer = answerOf(meeting);
  if (meeting.status !== "scheduled" || !answer) return null;
  return <Badge variant={ANSWER_VARIANTS[answer.response]}>{RSVP_LABELS[answer.response]}</Badge>;
}

/** A meeting that can still be moved or cancelled: scheduled, and not over. */
const upcoming = (m: Meeting, now: number) => m.status === "scheduled" && Date.parse(m.endTime) > now;

/**
 * Meetings: the lead's meetings, soonest first, in the reader's time zone, with where they happen.
 * Schedule Meeting opens the dialog, and each upcoming meeting's menu reschedules or cancels it
 * (all absent without onSchedule: an erased lead can no longer be met).
 */
export function MeetingsCard({ leadId, onSchedule }: { leadId: string; onSchedule?: (() => void) | undefined }) {
  const meetings = useLeadMeetings(leadId);
  const zone = useTimeZone();
  const [dialog, setDialog] = useState<"reschedule" | "cancel" | null>(null);
  // The meeting the last menu was opened for: kept after its dialog closes, so the dialog can animate shut.
  const [chosen, setChosen] = useState<Meeting | null>(null);
  const openFor = (which: "reschedule" | "cancel", meeting: Meeting) => {
    setChosen(meeting);
    setDialog(which);
  };
  const closeUnlessOpening = (next: boolean) => {
    if (!next) setDialog(null);
  };
  const sorted = [...(meetings.data ?? [])].sort((a, b) => a.startTime.localeCompare(b.startTime));
  const now = Date.now();
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
          <ul className="divide-y" aria-label="Meetings">
            {sorted.map((m) => (
              <li key={m.id} className="grid gap-1 py-3 first:pt-0 last:pb-0" aria-label={m.title}>
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className={`text-sm font-medium ${m.status === "cancelled" ? "text-muted-foreground line-through" : ""}`}>
                      {m.title}
                    </span>
                    <Badge variant="secondary">{m.type}</Badge>
                    {m.status === "cancelled" && <Badge variant="destructive">cancelled</Badge>}
                  </div>
                  {onSchedule && upcoming(m, now) && (
                    <DropdownMenu modal={false}>
                      <DropdownMenuTrigger asChild>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="-my-1 size-8 shrink-0 text-muted-foreground"
                          aria-label={`Actions for ${m.title}`}
                        >
                          <MoreHorizontal aria-hidden="true" />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end" className="w-48">
                        <DropdownMenuItem onSelect={() => openFor("reschedule", m)}>
                          <CalendarClock aria-hidden="true" />
                          Reschedule
                        </DropdownMenuItem>
                        <DropdownMenuItem variant="destructive" onSelect={() => openFor("cancel", m)}>
                          <CalendarX aria-hidden="true" />
                          Cancel meeting
                        </DropdownMenuItem>
                      </DropdownMenuContent>
                    </DropdownMenu>
                  )}
                </div>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={m.startTime}>{formatTimeRange(m.startTime, m.endTime, zone)}</time> ·{" "}
                  {minutesBetween(m.startTime, m.endTime)} min
                </p>
                {m.meetingType === "in-person" ? (
                  <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {m.location}
                  </p>
                ) : m.status === "cancelled" ? null : m.meetLink ? (
                  <a
                    href={m.meetLink}
                    target="_blank"
                    rel="noreferrer"
                    className="flex w-fit items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
                  >
                    <Video className="size-3.5" aria-hidden="true" />
                    Join the {videoCallName(m.conferenceProvider)}
                  </a>
                ) : (
                  <p className="text-sm text-muted-foreground">Video link on its way</p>
                )}
                {m.attendeeEmail && (
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span>
                      Invite {m.inviteStatus === "sent" ? "sent" : m.inviteStatus} to {m.attendeeEmail}
                    </span>
                    <LeadAnswer meeting={m} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {chosen && (
        <>
          <RescheduleMeetingDialog meeting={chosen} open={dialog === "reschedule"} onOpenChange={closeUnlessOpening} />
          <CancelMeetingDialog meeting={chosen} open={dialog === "cancel"} onOpenChange={closeUnlessOpening} />
        </>
      )}
    </Card>
  );
}
