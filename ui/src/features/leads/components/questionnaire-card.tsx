import { QUESTIONNAIRE_LABELS, QUESTIONNAIRE_SECTIONS } from "@crm/contracts/questionnaire/fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { useQuestionnaireVersion } from "@/api/get-questionnaire";
import { useTimeZone } from "@/api/use-time-zone";

/** Onboarding Questionnaire: the client's latest answers, shown only when a response exists. */
export function QuestionnaireCard({ leadId }: { leadId: string }) {
  const zone = useTimeZone();
  const questionnaire = useQuestionnaireVersion(leadId, "latest");
  const response = questionnaire.data;
  if (!response) return null;
  // The flat response of docs/decisions/011-onboarding-and-public-questionnaire.md: the answers sit beside id, leadId and submittedAt.
  const answers = response as unknown as Record<string, string | number | null | undefined>;
  const sections = QUESTIONNAIRE_SECTIONS.map((section) => ({
    ...section,
    answered: section.fields.filter((field) => answers[field] !== null && answers[field] !== undefined && answers[field] !== ""),
  })).filter((section) => section.answered.length > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Onboarding Questionnaire</CardTitle>
        <CardDescription>
          Submitted {formatDate(response.submittedAt, zone)}
          {response.versions > 1 && ` · version ${response.version} of ${response.versions}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {sections.length === 0 && <p className="text-sm text-muted-foreground">The client sent the form without answers.</p>}
        {sections.map((section) => (
          <section key={section.title} className="grid gap-2">
            <h3 className="text-sm font-semibold">{section.title}</h3>
            <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
              {section.answered.map((field) => (
                <div key={field} className="space-y-1">
                  <dt className="text-muted-foreground">{QUESTIONNAIRE_LABELS[field]}</dt>
                  <dd className="break-words whitespace-pre-line">{formatAnswer(answers[field])}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

function formatAnswer(value: string | number | null | undefined): string {
  return typeof value === "number" ? value.toLocaleString() : (value ?? "");
}
