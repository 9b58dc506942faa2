import type { Lead } from "@crm/contracts/lead/answers";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface ClientSelectorProps {
  clients: Lead[];
  selectedId: string;
  onSelect: (id: string) => void;
}

/** Picks the client being onboarded, among the leads in the onboarding stages. */
export function ClientSelector({ clients, selectedId, onSelect }: ClientSelectorProps) {
  return (
    <div className="grid w-full gap-2 sm:max-w-sm">
      <Label htmlFor="onboarding-client">Client</Label>
      <Select value={selectedId} onValueChange={onSelect}>
        <SelectTrigger id="onboarding-client" className="bg-background">
          <SelectValue placeholder="Choose a client" />
        </SelectTrigger>
        <SelectContent>
          {clients.map((client) => (
            <SelectItem key={client.id} value={client.id}>
              {client.name} · {client.business}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
