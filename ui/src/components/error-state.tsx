import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { HttpError } from "@/lib/api-client";
import { cn } from "@/lib/utils";

export interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}

function explain(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 403) return "Your role does not give access to this.";
    return error.detail ?? error.message;
  }
  if (error instanceof TypeError) return "The server could not be reached. Check your connection.";
  return error instanceof Error ? error.message : "Something unexpected happened.";
}

/** A failed load, with the reason and a retry button. */
export function ErrorState({ title = "Could not load this", error, onRetry, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center",
        className,
      )}
    >
      <TriangleAlert className="size-6 text-destructive" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        <p className="max-w-md text-sm text-muted-foreground">{explain(error)}</p>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
