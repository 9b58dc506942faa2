import { Link, useSearchParams } from "react-router";
import { cn } from "@/lib/utils";
import type { ClosedView } from "../api/closed-leads.ts";

/** Which list the Leads screen shows: the board, or one of the closed lists (?view=lost|archived). */
export type LeadsView = "pipeline" | ClosedView;

/** The view named by the URL's `view` parameter; anything else is the pipeline. */
export function useLeadsView(): LeadsView {
  const [params] = useSearchParams();
  const view = params.get("view");
  return view === "lost" || view === "archived" ? view : "pipeline";
}

const VIEWS: { view: LeadsView; label: string; to: string }[] = [
  { view: "pipeline", label: "Pipeline", to: "/leads" },
  { view: "lost", label: "Lost", to: "/leads?view=lost" },
  { view: "archived", label: "Archived", to: "/leads?view=archived" },
];

/** Pipeline · Lost · Archived: links, so each view has its own address and Back returns to it. */
export function LeadsViewSwitch({ view }: { view: LeadsView }) {
  return (
    <nav aria-label="Leads views" className="mb-4 inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
      {VIEWS.map((item) => (
        <Link
          key={item.view}
          to={item.to}
          aria-current={item.view === view ? "page" : undefined}
          className={cn(
            "inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
            "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            item.view === view ? "bg-background text-foreground shadow-sm dark:bg-input/30" : "hover:text-foreground",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
