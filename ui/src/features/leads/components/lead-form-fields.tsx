import type { LeadPriority, LeadStage } from "@crm/contracts/lead/lead";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";
import type { User } from "@/lib/session";
import type { LeadFormValues } from "../utils/lead-form.ts";

const PRIORITIES: { value: LeadPriority; label: string }[] = [
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
];

/** Radix Select needs a non-empty value: this one stands for "no director". */
const NONE = "none";

export interface LeadFormFieldsProps {
  values: LeadFormValues;
  onChange: (values: LeadFormValues) => void;
  /** Edit mode adds the stage and creative director pickers. */
  directors?: User[];
  mode: "create" | "edit";
}

/** The lead's fields (docs/product.md, "Leads and the pipeline", Fields): required ones checked by the browser. */
export function LeadFormFields({ values, onChange, directors = [], mode }: LeadFormFieldsProps) {
  const id = useId();
  const set = <K extends keyof LeadFormValues>(key: K, value: LeadFormValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: "name" | "business" | "email" | "phone" | "source", label: string, type = "text", required = false) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${key}`}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      <Input
        id={`${id}-${key}`}
        name={key}
        type={type}
        required={required}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("name", "Contact Name", "text", true)}
      {text("business", "Business Name", "text", true)}
      {text("email", "Email", "email", true)}
      {text("phone", "Phone", "tel")}
      {text("source", "Lead Source")}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <Select value={values.priority} onValueChange={(v) => set("priority", v as LeadPriority)}>
          <SelectTrigger id={`${id}-priority`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PRIORITIES.map((p) => (
              <SelectItem key={p.value} value={p.value}>
                {p.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {mode === "edit" && (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-stage`}>Stage</Label>
            <Select value={values.stage} onValueChange={(v) => set("stage", v as LeadStage)}>
              <SelectTrigger id={`${id}-stage`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LEAD_STAGES.map((stage) => (
                  <SelectItem key={stage} value={stage}>
                    {stage}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-director`}>Creative Director</Label>
            <Select value={values.creativeDirectorId || NONE} onValueChange={(v) => set("creativeDirectorId", v === NONE ? "" : v)}>
              <SelectTrigger id={`${id}-director`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>None</SelectItem>
                {directors.map((d) => (
                  <SelectItem key={d.id} value={d.id}>
                    {d.displayName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </>
      )}
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Textarea id={`${id}-notes`} name="notes" value={values.notes} onChange={(e) => set("notes", e.target.value)} />
      </div>
    </div>
  );
}
