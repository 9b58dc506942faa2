import { z } from "zod/mini";
import type { Meeting } from "@crm/contracts/meeting/answers";
import { toWallTime } from "@crm/contracts/time/date-time";
import { FormDialog, Refusal, useMutationForm } from "@/components/form";
import { useTimeZone } from "@/api/use-time-zone";
import { errorMessage } from "@/lib/api-client";
import { formatTimeRange } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRescheduleMeeting } from "../api/change-meeting.ts";
import { meetingInstants, minutesBetween } from "../utils/meeting-times.ts";
import { MeetingDateTimeFields } from "./schedule-meeting-fields.tsx";

const RescheduleSchema = z.object({ date: z.string(), time: z.string() });

export interface RescheduleMeetingDialogProps {
  meeting: Meeting;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Reschedule (docs/product.md, "Meetings, mail and SMS"): a new date and time, typed in the person's
 * zone; the meeting keeps its length, and whoever was invited gets the update.
 */
export function RescheduleMeetingDialog({ meeting, open, onOpenChange }: RescheduleMeetingDialogProps) {
  const zone = useTimeZone();
  const reschedule = useRescheduleMeeting();
  const duration = minutesBetween(meeting.startTime, meeting.endTime);
  const wall = toWallTime(meeting.startTime, zone);
  const form = useMutationForm({
    schema: RescheduleSchema,
    defaultValues: { date: wall.slice(0, 10), time: wall.slice(11, 16) },
    submit: async ({ date, time }) => {
      const times = meetingInstants(date, time, duration, zone);
      if (!times) throw new Refusal({ title: "Error", description: "Please enter a valid date and time." });
      return reschedule.mutateAsync({ id: meeting.id, leadId: meeting.leadId, body: times });
    },
    failure: (error) => ({ title: "Meeting Not Rescheduled", description: errorMessage(error, "Please try again.") }),
    onSuccess: (moved) =>
      toast({
        title: "Meeting Rescheduled",
        description: `${moved.title} is now ${formatTimeRange(moved.startTime, moved.endTime, zone)}${moved.attendeeEmail ? "; the invite was updated" : ""}.`,
      }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule Meeting"
      description={`${meeting.title}: it keeps its length of ${duration} minutes.`}
      submitLabel="Reschedule"
      pendingLabel="Rescheduling..."
    >
      <MeetingDateTimeFields />
      {meeting.attendeeEmail && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          An updated invite goes to <span className="font-medium text-foreground">{meeting.attendeeEmail}</span> and to you.
        </p>
      )}
    </FormDialog>
  );
}
