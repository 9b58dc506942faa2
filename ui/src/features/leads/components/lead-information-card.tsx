import { lazy, Suspense } from "react";
import type { Lead } from "@crm/contracts/lead/answers";
import { bounceReason } from "@crm/contracts/lead/undeliverable";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { useCreativeDirectors } from "@/api/get-creative-directors";
import { useDealRows } from "../utils/use-deal-rows.ts";
import { LeadBadges } from "./lead-badges.tsx";
import { useTimeZone } from "@/api/use-time-zone";

/** The edit form (its fields, schema and form library) loads when the person first edits, not with the page. */
const LeadEditForm = lazy(() => import("./lead-edit-form.tsx").then((m) => ({ default: m.LeadEditForm })));

export interface LeadInformationCardProps {
  lead: Lead;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/** The Lead Information card; in edit mode, the form with Save Changes and Cancel. */
export function LeadInformationCard({ lead, editing, onEditingChange }: LeadInformationCardProps) {
  const zone = useTimeZone();
  const directors = useCreativeDirectors();
  const director = directors.data?.find((d) => d.id === lead.creativeDirectorId);
  const deal = useDealRows(lead);
  const rows: [string, string | null][] = [
    ...deal,
    ["Email", lead.email],
    ["Phone", lead.phone],
    ["Business", lead.business],
    ["Source", lead.source],
    ["Creative Director", lead.creativeDirectorId ? (director?.displayName ?? "Assigned") : null],
    ["Proposal", lead.proposalLink],
    ["Contract Status", lead.contractStatus],
    ["Last Activity", lead.lastActivity],
    ["Created", formatDate(lead.createdAt, zone)],
    ["Notes", lead.notes],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Lead Information</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing ? (
          <Suspense fallback={null}>
            <LeadEditForm key={lead.id} lead={lead} directors={directors.data ?? []} onDone={() => onEditingChange(false)} />
          </Suspense>
        ) : (
          <>
            <LeadBadges lead={lead} />
            <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
              {rows
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label} className={label === "Notes" ? "space-y-1 sm:col-span-2" : "space-y-1"}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="break-words whitespace-pre-line">{value}</dd>
                    {label === "Email" && lead.emailUndeliverable && (
                      <dd className="flex flex-wrap items-center gap-2">
                        <Badge variant="destructive">Email undeliverable</Badge>
                        <span className="text-xs text-muted-foreground">
                          Bounced {formatDate(lead.emailUndeliverable.at, zone)}: {bounceReason(lead.emailUndeliverable)}. Edit the email to
                          send again.
                        </span>
                      </dd>
                    )}
                  </div>
                ))}
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}
