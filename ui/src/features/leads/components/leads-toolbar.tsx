import { Search, UserRound } from "lucide-react";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ALL = "all";

export interface LeadsToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  priority: LeadPriority | undefined;
  onPriorityChange: (priority: LeadPriority | undefined) => void;
  mine: boolean;
  onMineChange: (mine: boolean) => void;
}

/** Search (name, business or email), the priority filter and the "My leads" switch. */
export function LeadsToolbar({ query, onQueryChange, priority, onPriorityChange, mine, onMineChange }: LeadsToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="search">
      <div className="relative w-full sm:w-72">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          placeholder="Search leads..."
          aria-label="Search leads"
          className="pl-9"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
        />
      </div>
      <Select value={priority ?? ALL} onValueChange={(v) => onPriorityChange(v === ALL ? undefined : (v as LeadPriority))}>
        <SelectTrigger className="w-40" aria-label="Priority">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All priorities</SelectItem>
          <SelectItem value="high">High priority</SelectItem>
          <SelectItem value="medium">Medium priority</SelectItem>
          <SelectItem value="low">Low priority</SelectItem>
        </SelectContent>
      </Select>
      <Button type="button" variant={mine ? "secondary" : "outline"} aria-pressed={mine} onClick={() => onMineChange(!mine)}>
        <UserRound aria-hidden="true" />
        My leads
      </Button>
    </div>
  );
}
