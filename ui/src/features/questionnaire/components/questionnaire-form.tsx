import { CheckCircle2, LoaderCircle, Send } from "lucide-react";
import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { z } from "zod/mini";
import {
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_SECTIONS,
  QUESTIONNAIRE_TEXT_FIELDS,
  type QuestionnaireAnswers,
  type QuestionnaireField as Field,
} from "@crm/contracts/questionnaire/fields";
import { useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { submitQuestionnaire } from "../api/submit-questionnaire.ts";
import { QuestionnaireField } from "./questionnaire-field.tsx";

const FIELDS = [...QUESTIONNAIRE_COUNT_FIELDS, ...QUESTIONNAIRE_TEXT_FIELDS];

/** What the inputs hold: text for every question, counts included. Every question is optional, so there is no rule. */
const Values = z.record(z.enum(FIELDS), z.string());
type Values = z.infer<typeof Values>;

const BLANK = Object.fromEntries(FIELDS.map((f) => [f, ""])) as Values;

/** The typed answers as the API takes them: blank is null, counts are numbers. */
export function toAnswers(values: Values): QuestionnaireAnswers {
  const answers = {} as Record<Field, string | number | null>;
  for (const field of QUESTIONNAIRE_COUNT_FIELDS) answers[field] = values[field].trim() === "" ? null : Number(values[field]);
  for (const field of QUESTIONNAIRE_TEXT_FIELDS) answers[field] = values[field].trim() === "" ? null : values[field].trim();
  return answers as QuestionnaireAnswers;
}

/** Every question of the questionnaire (docs/product.md, "Onboarding"), grouped; a thank-you toast and a cleared form on success. */
export function QuestionnaireForm({ token }: { token: string }) {
  const [sent, setSent] = useState(false);
  const form = useMutationForm({
    schema: Values,
    defaultValues: BLANK,
    submit: (values) => submitQuestionnaire(token, toAnswers(values)),
    failure: (error) => ({ title: "Submission Failed", description: error instanceof Error ? error.message : String(error) }),
    onSuccess: () => {
      toast({ title: "Thank You!", description: "Your questionnaire has been submitted successfully. We'll be in touch soon." });
      setSent(true);
      window.scrollTo({ top: 0, behavior: "smooth" });
    },
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} onChange={() => setSent(false)} className="grid gap-8" aria-label="Client onboarding questionnaire">
        {sent && (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-600/30 bg-emerald-600/10 p-4 text-sm">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
            Thank you! Your answers have reached our team. You can send the form again if you want to update them.
          </p>
        )}
        {QUESTIONNAIRE_SECTIONS.map((section, index) => (
          <div key={section.title} className={cn(index > 0 && "border-t pt-8")}>
            <fieldset className="grid gap-4">
              <legend className="mb-1 flex items-baseline gap-2 text-base font-semibold">
                <span className="text-sm font-medium text-muted-foreground tabular-nums" aria-hidden="true">
                  {index + 1}.
                </span>
                {section.title}
              </legend>
              <p className="text-sm text-muted-foreground">{section.description}</p>
              <div className={cn("grid gap-4", index === 0 && "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3")}>
                {section.fields.map((field) => (
                  <QuestionnaireField key={field} field={field} disabled={form.pending} />
                ))}
              </div>
            </fieldset>
          </div>
        ))}
        <div className="flex flex-col-reverse items-stretch gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">Every question is optional. Answer what you can.</p>
          <Button type="submit" size="lg" disabled={form.pending}>
            {form.pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {form.pending ? "Submitting..." : "Submit Questionnaire"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
