import { z } from "zod/mini";
import type { Meeting } from "@crm/contracts/meeting/answers";
import { FormDialog, useMutationForm } from "@/components/form";
import { useTimeZone } from "@/api/use-time-zone";
import { errorMessage } from "@/lib/api-client";
import { formatTimeRange } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCancelMeeting } from "../api/change-meeting.ts";

/** A confirmation has no fields. */
const NO_FIELDS = z.object({});

export interface CancelMeetingDialogProps {
  meeting: Meeting;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Cancel meeting: asks first, and says who is told (a cancellation goes to whoever was invited). */
export function CancelMeetingDialog({ meeting, open, onOpenChange }: CancelMeetingDialogProps) {
  const zone = useTimeZone();
  const cancel = useCancelMeeting();
  const form = useMutationForm({
    schema: NO_FIELDS,
    defaultValues: {},
    submit: () => cancel.mutateAsync({ id: meeting.id, leadId: meeting.leadId }),
    failure: (error) => ({ title: "Meeting Not Cancelled", description: errorMessage(error, "Please try again.") }),
    onSuccess: () => toast({ title: "Meeting Cancelled", description: `${meeting.title} has been cancelled.` }),
  });
  const invited = meeting.inviteStatus !== "none" && meeting.attendeeEmail;
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel ${meeting.title}?`}
      description={
        <>
          {formatTimeRange(meeting.startTime, meeting.endTime, zone)}.{" "}
          {invited
            ? `A cancellation goes to ${meeting.attendeeEmail} and to you, and the meeting leaves your calendars.`
            : "Nobody was sent an invite, so nobody is told."}{" "}
          A cancelled meeting cannot be moved again: schedule a new one instead.
        </>
      }
      submitLabel="Cancel Meeting"
      cancelLabel="Keep Meeting"
      pendingLabel="Cancelling..."
      submitVariant="destructive"
    />
  );
}
