import {
  BRAND_WORDS_MAX,
  LONG_TEXT_MAX,
  MAX_COUNT,
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_LABELS,
  type QuestionnaireField as Field,
} from "@crm/contracts/questionnaire/fields";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FIELD_HINTS, FORM_LABELS } from "./field-hints.ts";

export interface QuestionnaireFieldProps {
  field: Field;
  value: string;
  onChange: (field: Field, value: string) => void;
  disabled?: boolean;
}

const isCount = (field: Field) => (QUESTIONNAIRE_COUNT_FIELDS as readonly string[]).includes(field);

/** One question: a number input for counts, one line for the brand words, a textarea otherwise. */
export function QuestionnaireField({ field, value, onChange, disabled }: QuestionnaireFieldProps) {
  const id = `q-${field}`;
  const label = FORM_LABELS[field] ?? QUESTIONNAIRE_LABELS[field];
  const common = { id, name: field, value, disabled, placeholder: FIELD_HINTS[field] };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {isCount(field) ? (
        <Input
          {...common}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_COUNT}
          step={1}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ) : field === "brandWords" ? (
        <Input {...common} type="text" maxLength={BRAND_WORDS_MAX} autoComplete="off" onChange={(e) => onChange(field, e.target.value)} />
      ) : (
        <Textarea {...common} rows={3} maxLength={LONG_TEXT_MAX} className="resize-y" onChange={(e) => onChange(field, e.target.value)} />
      )}
    </div>
  );
}
