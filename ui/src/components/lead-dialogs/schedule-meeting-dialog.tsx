import { useId, useState, type FormEvent } from "react";
import type { MeetingKind, MeetingType } from "@crm/contracts/meeting/meeting";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { LeadRef } from "./lead-ref.ts";
import { DEFAULT_DURATION_MINUTES, DURATION_STEP_MINUTES, isValidDuration, meetingInstants } from "./meeting-times.ts";
import { useScheduleMeeting } from "./use-schedule-meeting.ts";

const TYPE_LABELS: Record<MeetingType, string> = { general: "General", "pre-onboarding": "Pre-onboarding", onboarding: "Onboarding" };

interface MeetingForm {
  title: string;
  type: MeetingType;
  kind: MeetingKind;
  location: string;
  date: string;
  time: string;
  duration: string;
  notes: string;
}

/** Type general, location kind google-meet (video), duration 60 (docs/product.md, "Meetings, mail and SMS"). */
const DEFAULTS: MeetingForm = { title: "", type: "general", kind: "google-meet", location: "", date: "", time: "", duration: String(DEFAULT_DURATION_MINUTES), notes: "" };

export interface ScheduleMeetingDialogProps {
  lead: LeadRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The meeting type chosen when the dialog opens (e.g. onboarding from the onboarding page). */
  defaultType?: MeetingType;
}

/** Schedule Meeting (docs/product.md, "Meetings, mail and SMS"): schedules a meeting with the lead; times are typed in the person's own time zone. */
export function ScheduleMeetingDialog({ lead, open, onOpenChange, defaultType = "general" }: ScheduleMeetingDialogProps) {
  const [form, setForm] = useState<MeetingForm>({ ...DEFAULTS, type: defaultType });
  const schedule = useScheduleMeeting();
  const id = useId();
  const set = <K extends keyof MeetingForm>(key: K, value: MeetingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!lead) return;
    const duration = Number(form.duration);
    const times = isValidDuration(duration) ? meetingInstants(form.date, form.time, duration) : undefined;
    if (!times) {
      toast({ variant: "destructive", title: "Error", description: "Please enter a valid date, time and a duration in steps of 15 minutes." });
      return;
    }
    const inPerson = form.kind === "in-person";
    const body = {
      leadId: lead.id,
      title: form.title.trim(),
      type: form.type,
      meetingType: form.kind,
      location: inPerson ? form.location.trim() : null,
      ...times,
      notes: form.notes.trim() || null,
      attendeeEmail: lead.email || null,
    };
    schedule.mutate(body, {
      onSuccess: () => {
        const how = inPerson ? `${body.title} has been scheduled` : `${body.title} has been added to your calendar with Google Meet`;
        toast({ title: "Meeting Scheduled", description: `${how}${lead.email ? " and an invite has been sent" : ""}` });
        setForm({ ...DEFAULTS, type: defaultType });
        onOpenChange(false);
      },
      onError: (error) => toast({ variant: "destructive", title: "Error", description: errorMessage(error, "Failed to schedule meeting") }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Schedule Meeting</DialogTitle>
          <DialogDescription>{lead ? `Schedule a meeting with ${lead.name}.` : "Schedule a meeting."}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Meeting Title</Label>
            <Input id={`${id}-title`} required value={form.title} onChange={(e) => set("title", e.target.value)} placeholder="Discovery call" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-type`}>Meeting Type</Label>
            <Select value={form.type} onValueChange={(v) => set("type", v as MeetingType)}>
              <SelectTrigger id={`${id}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(TYPE_LABELS) as MeetingType[]).map((type) => (
                  <SelectItem key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Location</legend>
            {/* Changing the kind clears the typed location (docs/product.md, "Meetings, mail and SMS"). */}
            <RadioGroup value={form.kind} onValueChange={(v) => setForm((f) => ({ ...f, kind: v as MeetingKind, location: "" }))} className="flex flex-wrap gap-4">
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-video`} value="google-meet" />
                <Label htmlFor={`${id}-video`} className="font-normal">
                  Video call (Google Meet)
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${id}-in-person`} value="in-person" />
                <Label htmlFor={`${id}-in-person`} className="font-normal">
                  In person
                </Label>
              </div>
            </RadioGroup>
            {form.kind === "in-person" && (
              <div className="mt-2 grid gap-2">
                <Label htmlFor={`${id}-location`}>Address</Label>
                <Input id={`${id}-location`} required value={form.location} onChange={(e) => set("location", e.target.value)} placeholder="Office, street, city" />
              </div>
            )}
          </fieldset>
          <div className="grid grid-cols-2 gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>Date</Label>
              <Input id={`${id}-date`} type="date" required value={form.date} onChange={(e) => set("date", e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-time`}>Time</Label>
              <Input id={`${id}-time`} type="time" required value={form.time} onChange={(e) => set("time", e.target.value)} />
            </div>
            <p className="col-span-2 -mt-2 text-xs text-muted-foreground">Times are in your time zone ({timeZone}).</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-duration`}>Duration (minutes)</Label>
            <Input
              id={`${id}-duration`}
              type="number"
              required
              min={DURATION_STEP_MINUTES}
              step={DURATION_STEP_MINUTES}
              value={form.duration}
              onChange={(e) => set("duration", e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea id={`${id}-notes`} value={form.notes} onChange={(e) => set("notes", e.target.value)} placeholder="Agenda, links, anything to prepare" />
          </div>
          {lead?.email && (
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              A calendar invite will be sent to <span className="font-medium text-foreground">{lead.email}</span>.
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={schedule.isPending || !lead}>
            {schedule.isPending ? "Scheduling..." : "Schedule Meeting"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
