import {
  BRAND_WORDS_MAX,
  LONG_TEXT_MAX,
  MAX_COUNT,
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_LABELS,
  type QuestionnaireField as Field,
} from "@crm/contracts/questionnaire/fields";
import { FormField } from "@/components/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FIELD_HINTS, FORM_LABELS } from "./field-hints.ts";

const isCount = (field: Field) => (QUESTIONNAIRE_COUNT_FIELDS as readonly string[]).includes(field);

/** One question: a number input for counts, one line for the brand words, a textarea otherwise. */
export function QuestionnaireField({ field, disabled }: { field: Field; disabled?: boolean }) {
  return (
    <FormField
      name={field}
      label={FORM_LABELS[field] ?? QUESTIONNAIRE_LABELS[field]}
      render={({ value, onChange, ...control }) => {
        const common = { ...control, value: value as string, disabled, placeholder: FIELD_HINTS[field] };
        const change = (event: { target: { value: string } }) => onChange(event.target.value);
        if (isCount(field))
          return <Input {...common} type="number" inputMode="numeric" min={0} max={MAX_COUNT} step={1} onChange={change} />;
        if (field === "brandWords")
          return <Input {...common} type="text" maxLength={BRAND_WORDS_MAX} autoComplete="off" onChange={change} />;
        return <Textarea {...common} rows={3} maxLength={LONG_TEXT_MAX} className="resize-y" onChange={change} />;
      }}
    />
  );
}
