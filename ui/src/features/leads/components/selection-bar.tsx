import { UserRoundPen, X } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface SelectionBarProps {
  count: number;
  onReassign: () => void;
  onClear: () => void;
}

/** The board's bulk actions while selecting: "3 selected · Reassign… · Clear", pinned to the bottom of the screen. */
export function SelectionBar({ count, onReassign, onClear }: SelectionBarProps) {
  return (
    <div
      role="toolbar"
      aria-label="Selected leads"
      className="fixed inset-x-0 bottom-4 z-40 mx-auto flex w-fit max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full border bg-popover py-1.5 pr-1.5 pl-4 text-sm text-popover-foreground shadow-lg"
    >
      <span aria-live="polite" className="font-medium whitespace-nowrap tabular-nums">
        {count} selected
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <Button size="sm" className="rounded-full" disabled={count === 0} aria-haspopup="dialog" onClick={onReassign}>
        <UserRoundPen aria-hidden="true" />
        Reassign…
      </Button>
      <Button size="sm" variant="ghost" className="rounded-full" disabled={count === 0} onClick={onClear}>
        <X aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}
