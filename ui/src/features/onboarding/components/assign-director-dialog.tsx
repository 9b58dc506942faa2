import { AssignDirectorBody } from "@crm/contracts/onboarding/onboarding";
import type { Lead } from "@crm/contracts/lead/answers";
import { FormDialog, FormField, useMutationForm } from "@/components/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/lib/toast";
import { useCreativeDirectors } from "@/api/get-creative-directors";
import { useAssignDirector } from "../api/assign-director.ts";

export interface AssignDirectorDialogProps {
  client: Lead;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Assigns a creative director; the client moves to "Creative Director Assigned" (a director must be chosen). */
export function AssignDirectorDialog({ client, open, onOpenChange }: AssignDirectorDialogProps) {
  const directors = useCreativeDirectors(open);
  const assign = useAssignDirector();
  const current = client.creativeDirectorId ?? "";
  const form = useMutationForm({
    schema: AssignDirectorBody,
    defaultValues: { creativeDirectorId: current },
    submit: ({ creativeDirectorId }) => assign.mutateAsync({ leadId: client.id, creativeDirectorId }),
    invalid: { title: "Director Required", description: "Please select a creative director" },
    failure: { title: "Assignment Failed", fallback: "Failed to assign the director. Please try again." },
    onSuccess: (_lead, { creativeDirectorId }) => {
      const name = directors.data?.find((d) => d.id === creativeDirectorId)?.displayName ?? "The director";
      toast({ title: "Director Assigned", description: `${name} is now the creative director for ${client.business}.` });
    },
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Assign Creative Director"
      description={`Choose who leads the creative work for ${client.name}. The client moves to "Creative Director Assigned".`}
      submitLabel="Assign Director"
      pendingLabel="Assigning..."
    >
      <FormField
        name="creativeDirectorId"
        label="Creative director"
        hint={directors.data?.length === 0 && <p className="text-sm text-muted-foreground">No approved creative directors yet.</p>}
        render={({ id, value, onChange, onBlur, ref, ...aria }) => (
          <Select value={value as string} onValueChange={onChange} disabled={directors.isPending}>
            <SelectTrigger id={id} ref={ref} onBlur={onBlur} {...aria}>
              <SelectValue placeholder={directors.isPending ? "Loading directors…" : "Select a creative director"} />
            </SelectTrigger>
            <SelectContent>
              {(directors.data ?? []).map((director) => (
                <SelectItem key={director.id} value={director.id}>
                  {director.displayName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormDialog>
  );
}
