import { useId } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { FormField, TextField } from "@/components/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useTimeZone } from "@/api/use-time-zone";
import { useVideoProvider } from "../api/get-calendar-config.ts";
import type { MeetingFormValues } from "../utils/meeting-form.ts";
import { DURATION_STEP_MINUTES } from "../utils/meeting-times.ts";

/**
 * Video call or in person, and the address of an in-person meeting; changing the kind clears the typed
 * location (docs/product.md, "Meetings, mail and SMS"). The video call is named by the provider the
 * server is configured with (Jitsi, or Google Meet), never promised otherwise.
 */
export function MeetingLocationFields() {
  const { control, setValue, watch } = useFormContext<MeetingFormValues>();
  const id = useId();
  const provider = useVideoProvider();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Location</legend>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={(kind) => {
              field.onChange(kind);
              setValue("location", "");
            }}
            className="flex flex-wrap gap-4"
          >
            <RadioOption
              id={`${id}-video`}
              value="google-meet"
              label={provider ? `Video call (${provider === "google" ? "Google Meet" : "Jitsi"})` : "Video call"}
            />
            <RadioOption id={`${id}-in-person`} value="in-person" label="In person" />
          </RadioGroup>
        )}
      />
      {watch("kind") === "in-person" && <TextField name="location" label="Address" placeholder="Office, street, city" className="mt-2" />}
    </fieldset>
  );
}

function RadioOption({ id, value, label }: { id: string; value: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** Date and time, read in the person's time zone (their profile's, else the agency's), as the note under them says. */
export function MeetingDateTimeFields() {
  const timeZone = useTimeZone();
  return (
    <div className="grid grid-cols-2 gap-4">
      <TextField name="date" label="Date" type="date" />
      <TextField name="time" label="Time" type="time" />
      <p className="col-span-2 -mt-2 text-xs text-muted-foreground">Times are in your time zone ({timeZone}).</p>
    </div>
  );
}

/** Date and time in the person's time zone, and the duration in steps of 15 minutes. */
export function MeetingTimeFields() {
  return (
    <>
      <MeetingDateTimeFields />
      <FormField
        name="duration"
        label="Duration (minutes)"
        render={({ value, onChange, ...control }) => (
          <Input
            {...control}
            type="number"
            min={DURATION_STEP_MINUTES}
            step={DURATION_STEP_MINUTES}
            value={value as string}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      />
    </>
  );
}
