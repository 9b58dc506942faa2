import { useId } from "react";
import { addDays } from "@crm/contracts/time/date-time";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { PastBoardDay } from "../utils/board-day.ts";

export interface BoardDayPickerProps {
  /** Today in the agency's zone: the latest day the board can be shown on. */
  today: string;
  /** The past board shown, or null for the live one. */
  value: PastBoardDay | null;
  /** A new day or "since" (undefined: today, or no comparison). */
  onChange: (next: { day?: string; since?: string }) => void;
  /** The agency's zone, said to screen readers: whose days these are. */
  timeZone: string;
}

/**
 * "Board on a day" and "Changes since": two days of the agency's calendar. A past day shows the board
 * as it stood at its end; a "since" day, before it, marks what moved after the end of that day.
 */
export function BoardDayPicker({ today, value, onChange, timeZone }: BoardDayPickerProps) {
  const id = useId();
  const day = value?.day ?? today;
  return (
    <div
      role="group"
      aria-label="Board on a past day"
      aria-describedby={`${id}-zone`}
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
    >
      <span id={`${id}-zone`} className="sr-only">{`Days of the agency's calendar (${timeZone}).`}</span>
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-day`} className="font-normal whitespace-nowrap text-muted-foreground">
          Board on a day
        </Label>
        <Input
          id={`${id}-day`}
          type="date"
          className="w-40"
          value={day}
          max={today}
          required
          onChange={(event) => onChange({ day: event.target.value || undefined, since: value?.since })}
        />
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-since`} className="font-normal whitespace-nowrap text-muted-foreground">
          Changes since
        </Label>
        <Input
          id={`${id}-since`}
          type="date"
          className="w-40"
          value={value?.since ?? ""}
          max={addDays(day, -1)}
          onChange={(event) => onChange({ day: value?.day, since: event.target.value || undefined })}
        />
      </div>
    </div>
  );
}
