import { FormField } from "@/components/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface ClientOption {
  id: string;
  name: string;
}

/** The form's leadId: the client a dialog acts for; a plain line when there is only one. */
export function ClientPicker({ clients }: { clients: readonly ClientOption[] }) {
  if (clients.length === 1) return <p className="text-sm text-muted-foreground">For {clients[0]!.name}</p>;
  return (
    <FormField<{ leadId: string }>
      name="leadId"
      label="Client"
      render={({ id, value, onChange, onBlur, ref, ...aria }) => (
        <Select value={(value as string) || undefined} onValueChange={onChange}>
          <SelectTrigger id={id} ref={ref} onBlur={onBlur} aria-required="true" {...aria}>
            <SelectValue placeholder="Choose a client" />
          </SelectTrigger>
          <SelectContent>
            {clients.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** The client a submit acts for: the one picked, else the only one there is ("" when none). */
export const chosenClient = (leadId: string, clients: readonly ClientOption[]) => leadId || (clients.length === 1 ? clients[0]!.id : "");
