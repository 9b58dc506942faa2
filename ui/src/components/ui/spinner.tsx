import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

export interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A spinning indicator announced to screen readers as a status. */
export function Spinner({ label = "Loading", className }: SpinnerProps) {
  return (
    <span role="status" data-slot="spinner" className={cn("inline-flex items-center gap-2 text-sm text-muted-foreground", className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
