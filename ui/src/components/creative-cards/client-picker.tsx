import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface ClientOption {
  id: string;
  name: string;
}

/** The client a dialog acts for; a plain line when there is only one. */
export function ClientPicker({
  id,
  clients,
  value,
  onChange,
}: {
  id: string;
  clients: readonly ClientOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  if (clients.length === 1) return <p className="text-sm text-muted-foreground">For {clients[0]!.name}</p>;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Client</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-required="true">
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
    </div>
  );
}
