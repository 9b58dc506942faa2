import { Spinner } from "@/components/ui/spinner";
import { ErrorState } from "@/components/error-state";

/** The whole window while the session is being checked. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner label="Checking your session" />
    </div>
  );
}

/** The whole window when the session could not be checked. */
export function FullPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <h1 className="sr-only">Agency CRM</h1>
      <ErrorState title="Could not reach the CRM" error={error} onRetry={onRetry} className="w-full max-w-md" />
    </main>
  );
}
