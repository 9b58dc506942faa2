import { ClipboardList, LinkIcon } from "lucide-react";
import { useParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { QuestionnaireForm } from "./questionnaire-form.tsx";

/** /onboarding-form/{leadId}: the public client questionnaire (no sign-in); without an id, an invalid-link message. */
export function QuestionnairePage() {
  const { leadId } = useParams();
  useDocumentTitle("Client Onboarding Questionnaire");
  return (
    <div className="flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <header className="flex justify-end p-4">
        <ThemeToggle />
      </header>
      <main className="flex flex-1 justify-center px-3 pb-16 sm:px-4">
        <Card className="h-fit w-full max-w-3xl">
          <CardHeader className="gap-2">
            <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight sm:text-2xl">
              <ClipboardList className="size-6 shrink-0 text-primary" aria-hidden="true" />
              Client Onboarding Questionnaire
            </h1>
            <CardDescription>
              Tell us about your brand so our creative team can hit the ground running. It takes about ten minutes, and every question is
              optional.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {leadId ? (
              <QuestionnaireForm key={leadId} leadId={leadId} />
            ) : (
              <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
                <LinkIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                Invalid questionnaire link. Please use the link provided in your email.
              </p>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
