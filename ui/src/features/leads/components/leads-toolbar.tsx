import { ListChecks, Search } from "lucide-react";
import type { ReactNode } from "react";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const ALL = "all";

/** The owner filter's choices besides a colleague's id. */
export const EVERYONE = "everyone";
export const MINE = "mine";

export interface LeadsToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  priority: LeadPriority | undefined;
  onPriorityChange: (priority: LeadPriority | undefined) => void;
  /** EVERYONE, MINE or a colleague's id. */
  owner: string;
  onOwnerChange: (owner: string) => void;
  /** The Partners and Project Managers a deal may belong to. */
  owners: readonly { id: string; displayName: string }[];
  /** Whether the board is in selection mode (for a bulk reassign). */
  selecting: boolean;
  /** Absent for a reader who may not reassign (an Auditor) and on a past board: no Select switch. */
  onSelectingChange?: (selecting: boolean) => void;
  /** False on a past board, which is filtered by owner and priority only: no search box. */
  searchable?: boolean;
  /** The "Board on a day" picker, after the filters. */
  dayPicker?: ReactNode;
}

/**
 * Search (name, business or email), the priority and owner filters, the Select switch for bulk
 * actions, and the day the board is shown on.
 */
export function LeadsToolbar(props: LeadsToolbarProps) {
  const { query, onQueryChange, priority, onPriorityChange, owner, onOwnerChange, owners, selecting, onSelectingChange } = props;
  const { searchable = true, dayPicker } = props;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="search" className="flex flex-wrap items-center gap-2">
        {searchable && (
          <div className="relative w-full sm:w-72">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              placeholder="Search leads..."
              aria-label="Search leads"
              className="pl-9"
              value={query}
              onChange={(e) => onQueryChange(e.target.value)}
            />
          </div>
        )}
        <Select value={priority ?? ALL} onValueChange={(v) => onPriorityChange(v === ALL ? undefined : (v as LeadPriority))}>
          <SelectTrigger className="w-36 sm:w-40" aria-label="Priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All priorities</SelectItem>
            <SelectItem value="high">High priority</SelectItem>
            <SelectItem value="medium">Medium priority</SelectItem>
            <SelectItem value="low">Low priority</SelectItem>
          </SelectContent>
        </Select>
        <Select value={owner} onValueChange={onOwnerChange}>
          <SelectTrigger className="w-44" aria-label="Owner">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={EVERYONE}>Everyone</SelectItem>
            <SelectItem value={MINE}>My leads</SelectItem>
            {owners.map((user) => (
              <SelectItem key={user.id} value={user.id}>
                {user.displayName}
              </SelectItem>
            ))}
            {owner !== EVERYONE && owner !== MINE && !owners.some((user) => user.id === owner) && (
              <SelectItem value={owner}>Former colleague</SelectItem>
            )}
          </SelectContent>
        </Select>
      </div>
      {onSelectingChange && (
        <Button
          type="button"
          variant={selecting ? "secondary" : "outline"}
          aria-pressed={selecting}
          onClick={() => onSelectingChange(!selecting)}
        >
          <ListChecks aria-hidden="true" />
          Select
        </Button>
      )}
      {dayPicker}
    </div>
  );
}
