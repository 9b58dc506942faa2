import { ClosedLeadsPage } from "./closed-leads-page.tsx";
import { useLeadsView } from "./closed-leads-switch.tsx";
import { LeadsPage } from "./leads-page.tsx";

/** /leads: the pipeline board, or with ?view=lost|archived the closed leads (one route, one sidebar item). */
export function LeadsScreen() {
  const view = useLeadsView();
  return view === "pipeline" ? <LeadsPage /> : <ClosedLeadsPage key={view} view={view} />;
}
