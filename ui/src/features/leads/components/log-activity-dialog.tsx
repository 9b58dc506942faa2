import type { StandardSchemaV1 } from "@standard-schema/spec";
import { useId } from "react";
import { LOGGED_ACTIVITY_TYPES } from "@crm/contracts/activity/activity";
import { ACTIVITY_DETAILS_MAX, ACTIVITY_SUMMARY_MAX, LogActivityBody } from "@crm/contracts/activity/commands";
import { LOGGED_ACTIVITY_LABELS } from "@crm/contracts/lead/describe";
import { useTimeZone } from "@/api/use-time-zone";
import { FormDialog, FormField, SelectField, TextareaField, TextField, useMutationForm } from "@/components/form";
import { Input } from "@/components/ui/input";
import { formatDay, todayIn } from "@/lib/format";
import { toast } from "@/lib/toast";
import { errorMessage } from "../api/lead-mutations.ts";
import { useLogActivity } from "../api/log-activity.ts";

/** The form's values: the body of POST /api/leads/{id}/activities (empty details and follow-up are sent as none). */
interface LogValues {
  type: string;
  summary: string;
  details: string;
  followUpOn: string;
}

// The contract's body checks the fields (it turns "" into null, hence the cast of the input type).
const schema = LogActivityBody as unknown as StandardSchemaV1<LogValues, LogValues>;

const TYPE_OPTIONS = LOGGED_ACTIVITY_TYPES.map((type) => ({ value: type, label: LOGGED_ACTIVITY_LABELS[type] }));

export interface LogActivityDialogProps {
  leadId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Log Activity (docs/product.md, "Lead page"): a call, note, proposal or contract with a summary, optional
 * details and an optional follow-up day, picked in the person's own calendar (their time zone).
 */
export function LogActivityDialog({ leadId, open, onOpenChange }: LogActivityDialogProps) {
  const log = useLogActivity(leadId);
  const zone = useTimeZone();
  const today = todayIn(zone);
  const hintId = useId();
  const form = useMutationForm({
    schema,
    defaultValues: { type: "call", summary: "", details: "", followUpOn: "" },
    submit: (values) => log.mutateAsync(LogActivityBody.parse(values)),
    invalid: { title: "Validation Error", description: "Please give the activity a summary." },
    failure: (error) => ({
      title: "Could Not Log Activity",
      description: errorMessage(error, "The activity could not be logged. Please try again."),
    }),
    onSuccess: (_answer, values) =>
      toast({
        title: "Activity Logged",
        description: values.followUpOn ? `Follow up by ${formatDay(values.followUpOn)}.` : "It is on the lead's timeline.",
      }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Log Activity"
      description="Record a call, note, proposal or contract on this lead's timeline."
      submitLabel="Log Activity"
      pendingLabel="Logging..."
      className="sm:max-w-lg"
    >
      <SelectField<LogValues> name="type" label="Type" required options={TYPE_OPTIONS} />
      <TextField<LogValues>
        name="summary"
        label="Summary"
        required
        maxLength={ACTIVITY_SUMMARY_MAX}
        placeholder="What happened, in a line"
      />
      <TextareaField<LogValues>
        name="details"
        label="Details"
        rows={4}
        maxLength={ACTIVITY_DETAILS_MAX}
        placeholder="Anything to remember (optional)"
      />
      <FormField<LogValues>
        name="followUpOn"
        label="Follow-up date"
        hint={
          <p id={hintId} className="text-xs text-muted-foreground">
            Optional. A day in your time zone ({zone}).
          </p>
        }
        render={({ value, onChange, "aria-describedby": errorId, ...control }) => (
          <Input
            {...control}
            type="date"
            min={today}
            aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}
            value={(value as string) ?? ""}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      />
    </FormDialog>
  );
}
