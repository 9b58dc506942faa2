import { ClipboardList } from "lucide-react";
import { useState } from "react";
import {
  QUESTIONNAIRE_COUNT_FIELDS,
  QUESTIONNAIRE_LABELS,
  QUESTIONNAIRE_SECTIONS,
  type QuestionnaireField,
} from "@crm/contracts/questionnaire/fields";
import type { QuestionnaireResponse } from "@crm/contracts/questionnaire/answers";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useQuestionnaireVersion, useQuestionnaireVersions } from "@/api/get-questionnaire";
import { useTimeZone } from "@/api/use-time-zone";

const isCount = (field: QuestionnaireField) => (QUESTIONNAIRE_COUNT_FIELDS as readonly string[]).includes(field);
const show = (field: QuestionnaireField, value: unknown) => (isCount(field) ? Number(value).toLocaleString("en-US") : String(value));

/** The answered questions of one version, grouped as the form groups them. */
function Answers({ response }: { response: QuestionnaireResponse }) {
  const sections = QUESTIONNAIRE_SECTIONS.map((s) => ({ ...s, answered: s.fields.filter((f) => response[f] !== null) })).filter(
    (s) => s.answered.length > 0,
  );
  if (sections.length === 0) return <p className="text-sm text-muted-foreground">The client sent the form without answers.</p>;
  return (
    <div className="grid gap-6">
      {sections.map((section) => (
        <section key={section.title} aria-label={section.title} className="grid gap-3">
          <h3 className="text-sm font-semibold">{section.title}</h3>
          <dl className={isCount(section.answered[0]!) ? "grid grid-cols-2 gap-3 sm:grid-cols-3" : "grid gap-3"}>
            {section.answered.map((field) => (
              <div key={field} className="grid gap-0.5 rounded-lg bg-muted/50 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{QUESTIONNAIRE_LABELS[field]}</dt>
                <dd className={isCount(field) ? "text-lg font-semibold tabular-nums" : "text-sm whitespace-pre-line"}>
                  {show(field, response[field])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The client's questionnaire answers: the latest version, with earlier versions one choice away. */
export function QuestionnaireSummary({ leadId }: { leadId: string }) {
  const zone = useTimeZone();
  const [version, setVersion] = useState<number | "latest">("latest");
  const response = useQuestionnaireVersion(leadId, version);
  const versions = useQuestionnaireVersions(leadId);
  const list = versions.data ?? [];
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Questionnaire</CardTitle>
        <CardDescription>
          {response.data
            ? `Submitted ${formatDate(response.data.submittedAt, zone)} by the client`
            : "The client's answers to the onboarding questionnaire."}
        </CardDescription>
        {list.length > 1 && (
          <CardAction>
            <Select
              value={String(version === "latest" ? list[0]!.version : version)}
              onValueChange={(v) => setVersion(Number(v) === list[0]!.version ? "latest" : Number(v))}
            >
              <SelectTrigger aria-label="Questionnaire version" className="h-8 w-auto gap-2">
                <SelectValue />
              </SelectTrigger>
              <SelectContent align="end">
                {list.map((v, i) => (
                  <SelectItem key={v.version} value={String(v.version)}>
                    Version {v.version}
                    {i === 0 ? " (latest)" : ""} · {formatDate(v.submittedAt, zone)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {versions.error ? (
          <ErrorState title="Could not load the answers" error={versions.error} onRetry={() => void versions.refetch()} />
        ) : response.error ? (
          <ErrorState title="Could not load the answers" error={response.error} onRetry={() => void response.refetch()} />
        ) : response.isPending && !(versions.isSuccess && list.length === 0) ? (
          <div className="grid gap-2">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : response.data ? (
          <Answers response={response.data} />
        ) : (
          <EmptyState
            icon={ClipboardList}
            title="No answers yet"
            description="Send the onboarding form; the answers show here once the client submits it."
            className="py-8"
          />
        )}
      </CardContent>
    </Card>
  );
}
