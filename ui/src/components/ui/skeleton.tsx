import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A pulsing placeholder while content loads (hidden from assistive tech; say "Loading" elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
