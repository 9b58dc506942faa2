import { useEffect, useState, type FormEvent } from "react";
import type { Lead } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreativeDirectors } from "../api/get-creative-directors.ts";
import { failureText } from "../api/lead-mutations.ts";
import { useUpdateLead } from "../api/update-lead.ts";
import { changesOf, valuesOf, type LeadFormValues } from "../utils/lead-form.ts";
import { LeadBadges } from "./lead-badges.tsx";
import { LeadFormFields } from "./lead-form-fields.tsx";

export interface LeadInformationCardProps {
  lead: Lead;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/** The Lead Information card; in edit mode, the form with Save Changes and Cancel. */
export function LeadInformationCard({ lead, editing, onEditingChange }: LeadInformationCardProps) {
  const directors = useCreativeDirectors();
  const director = directors.data?.find((d) => d.id === lead.creativeDirectorId);
  const rows: [string, string | null][] = [
    ["Email", lead.email],
    ["Phone", lead.phone],
    ["Business", lead.business],
    ["Source", lead.source],
    ["Creative Director", lead.creativeDirectorId ? (director?.displayName ?? "Assigned") : null],
    ["Proposal", lead.proposalLink],
    ["Contract Status", lead.contractStatus],
    ["Last Activity", lead.lastActivity],
    ["Created", formatDate(lead.createdAt)],
    ["Notes", lead.notes],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Lead Information</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing ? (
          <LeadEditForm lead={lead} directors={directors.data ?? []} onDone={() => onEditingChange(false)} />
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
                  </div>
                ))}
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LeadEditForm({
  lead,
  directors,
  onDone,
}: {
  lead: Lead;
  directors: NonNullable<ReturnType<typeof useCreativeDirectors>["data"]>;
  onDone: () => void;
}) {
  const [values, setValues] = useState<LeadFormValues>(() => valuesOf(lead));
  const update = useUpdateLead();
  // Editing starts from the lead as it is when the form opens; later live changes don't overwrite typing.
  useEffect(() => setValues(valuesOf(lead)), [lead.id]); // eslint-disable-line react-hooks/exhaustive-deps

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes = changesOf(lead, values);
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(
      { id: lead.id, changes },
      {
        onSuccess: () => {
          toast({ title: "Lead Updated", description: "Lead details have been updated." });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update Failed",
            description: failureText(error, "Failed to update lead. Please try again."),
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Edit lead">
      <LeadFormFields mode="edit" values={values} onChange={setValues} directors={directors} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
