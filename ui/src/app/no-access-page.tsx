import { ArrowLeft, Lock } from "lucide-react";
import { Link } from "react-router";
import { RoleBadge } from "@/components/role-badge";
import { Button } from "@/components/ui/button";
import type { Role } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";

export interface NoAccessPageProps {
  /** What the person asked for ("The leads board"). */
  what: string;
  /** Who may use it ("Partners and Project Managers"), or a sentence saying whose it is. */
  explanation: string;
  role: Role;
}

/** A screen the person's role may not use: what it is, who may, and the way back (never a load error). */
export function NoAccessPage({ what, explanation, role }: NoAccessPageProps) {
  useDocumentTitle("No Access");
  return (
    <section aria-labelledby="no-access-title" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-2 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted">
        <Lock className="size-7 text-muted-foreground" aria-hidden="true" />
      </span>
      <h1 id="no-access-title" className="text-2xl font-semibold tracking-tight">
        No access
      </h1>
      <p className="max-w-md text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{what}</span> {explanation}
      </p>
      <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
        Your role: <RoleBadge role={role} />
      </p>
      <Button asChild>
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
    </section>
  );
}
