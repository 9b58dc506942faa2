import type { MeetingType } from "@crm/contracts/meeting/meeting";
import { FormDialog, Refusal, SelectField, TextareaField, TextField, useMutationForm } from "@/components/form";
import { useTimeZone } from "@/api/use-time-zone";
import { toast } from "@/lib/toast";
import { useVideoProvider, videoLabel } from "../api/get-calendar-config.ts";
import { useScheduleMeeting } from "../api/schedule-meeting.ts";
import type { LeadRef } from "../utils/lead-ref.ts";
import { meetingBody, meetingDefaults, MeetingFormSchema } from "../utils/meeting-form.ts";
import { MeetingLocationFields, MeetingTimeFields } from "./schedule-meeting-fields.tsx";

const TYPES: { value: MeetingType; label: string }[] = [
  { value: "general", label: "General" },
  { value: "pre-onboarding", label: "Pre-onboarding" },
  { value: "onboarding", label: "Onboarding" },
];

/** A date, time or duration that makes no meeting: said in a toast, as before anything is sent. */
const INVALID_TIMES = { title: "Error", description: "Please enter a valid date, time and a duration in steps of 15 minutes." };

export interface ScheduleMeetingDialogProps {
  lead: LeadRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The meeting type chosen when the dialog opens (e.g. onboarding from the onboarding page). */
  defaultType?: MeetingType;
}

/** Schedule Meeting (docs/product.md, "Meetings, mail and SMS"): schedules a meeting with the lead; times are typed in the person's own time zone. */
export function ScheduleMeetingDialog({ lead, open, onOpenChange, defaultType = "general" }: ScheduleMeetingDialogProps) {
  const schedule = useScheduleMeeting();
  const zone = useTimeZone();
  const provider = useVideoProvider();
  const form = useMutationForm({
    schema: MeetingFormSchema,
    defaultValues: meetingDefaults(defaultType),
    submit: async (values) => {
      const body = lead ? meetingBody(lead, values, zone) : undefined;
      if (!body) throw new Refusal(INVALID_TIMES);
      return schedule.mutateAsync(body);
    },
    failure: { title: "Error", fallback: "Failed to schedule meeting" },
    onSuccess: (meeting, { title, kind }) => {
      // Named by the provider the meeting got (a Google Meet that failed falls back to Jitsi later, and says so on the card).
      const video = videoLabel(meeting.conferenceProvider ?? provider);
      const how = kind === "in-person" ? `${title} has been scheduled` : `${title} has been scheduled with a ${video}`;
      const invited = lead?.email ? " and an invite has been sent to you and the lead" : "";
      toast({ title: "Meeting Scheduled", description: `${how}${invited}` });
    },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Meeting"
      description={lead ? `Schedule a meeting with ${lead.name}.` : "Schedule a meeting."}
      submitLabel="Schedule Meeting"
      pendingLabel="Scheduling..."
      className="max-h-[90vh] overflow-y-auto"
      submitDisabled={!lead}
    >
      <TextField name="title" label="Meeting Title" placeholder="Discovery call" />
      <SelectField name="type" label="Meeting Type" options={TYPES} />
      <MeetingLocationFields />
      <MeetingTimeFields />
      <TextareaField name="notes" label="Notes" placeholder="Agenda, links, anything to prepare" />
      {lead?.email && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          A calendar invite will be sent to <span className="font-medium text-foreground">{lead.email}</span>, with a copy to you for your
          own calendar.
        </p>
      )}
    </FormDialog>
  );
}
