import { Compass } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The 404 page for approved users (signed-out people are sent to /login instead). */
export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted">
        <Compass className="size-7 text-muted-foreground" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{pathname}</code>. It may have
        moved, or the link may be mistyped.
      </p>
      <Button asChild>
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  );
}
