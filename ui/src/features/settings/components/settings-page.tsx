import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "@/api/get-settings";
import { useMayChange } from "@/lib/session";
import { DealsCard } from "./deals-card.tsx";
import { LogoCard } from "./logo-card.tsx";
import { SettingsForm } from "./settings-form.tsx";

/** /settings (Partners): the agency's name, how its mails are sent, its currency and calendar, and its logo. */
export function SettingsPage() {
  const settings = useSettings();
  const changes = useMayChange();
  return (
    <>
      <PageHeader title="Settings" description="The agency's name, mail sender, currency, calendar, deals and logo." />
      {settings.error ? (
        <ErrorState title="Could not load the settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <div role="status" aria-label="Loading settings" className="grid gap-6">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : (
        // An Auditor reads the settings: every field and button is disabled.
        <fieldset disabled={!changes} className="m-0 grid min-w-0 gap-6 border-0 p-0">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Agency</CardTitle>
              <CardDescription>Every colleague sees these; client mails and the questionnaire carry the name.</CardDescription>
            </CardHeader>
            <CardContent>
              {/* A new version (a save here or by another Partner) starts the form from the saved values. */}
              <SettingsForm key={settings.data.version} settings={settings.data} />
            </CardContent>
          </Card>
          <DealsCard key={`deals-${settings.data.version}`} settings={settings.data} />
          <LogoCard settings={settings.data} />
        </fieldset>
      )}
    </>
  );
}
