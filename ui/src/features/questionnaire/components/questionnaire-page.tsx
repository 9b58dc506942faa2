import { ClipboardList, LinkIcon, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { BrandMark } from "@/components/brand-mark";
import { ThemeToggle } from "@/components/theme-toggle";
import { useBranding } from "@/api/get-branding";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useLinkCheck } from "../api/check-link.ts";
import { QuestionnaireForm } from "./questionnaire-form.tsx";

function LinkProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <LinkIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      {children}
    </p>
  );
}

/** The form once the link's token is known to work; the expired message for any link that does not (decisions/038). */
function LinkedForm({ token }: { token: string }) {
  const link = useLinkCheck(token);
  if (link.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Opening your questionnaire...
      </p>
    );
  }
  if (link.isError) return <LinkProblem>{link.error.message}</LinkProblem>;
  return <QuestionnaireForm key={token} token={token} />;
}

/**
 * /onboarding-form/{token}: the public client questionnaire (no sign-in), opened by a client link's
 * token. Links that carried a lead id before tokens get the expired message like any dead link.
 */
export function QuestionnairePage() {
  const { token } = useParams();
  useDocumentTitle("Client Onboarding Questionnaire");
  const branding = useBranding();
  return (
    <div className="flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <header className="flex items-center justify-between gap-4 p-4">
        {/* The agency the client is answering, once GET /api/branding has said who it is. */}
        <div className="flex min-w-0 items-center gap-2">
          {branding.data && <BrandMark name={branding.data.agencyName} logoUrl={branding.data.logoUrl} markClassName="size-8" />}
        </div>
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
            {token ? (
              <LinkedForm key={token} token={token} />
            ) : (
              <LinkProblem>Invalid questionnaire link. Please use the link provided in your email.</LinkProblem>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
