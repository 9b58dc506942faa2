import { TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  // A new deployment removes old chunks: a lazy route that fails to load needs a fresh page.
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return "A new version of the app is available. Reload the page to continue.";
  }
  return error instanceof Error ? error.message : "Something unexpected happened.";
}

/** The error boundary of every route: says what broke and offers a way on. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert className="size-8 text-destructive" aria-hidden="true" />
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p role="alert" className="max-w-md text-sm text-muted-foreground">
        {describe(error)}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
