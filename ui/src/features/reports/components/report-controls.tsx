import { useEffect, useState } from "react";
import { LEAD_PRIORITIES } from "@crm/contracts/lead/stages";
import type { DayPeriod, PeriodPreset } from "@crm/contracts/reports/period";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formatDay } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { Priority, ReportSearch } from "../utils/report-search.ts";

const PRESET_LABELS: Readonly<Record<PeriodPreset, string>> = {
  week: "This week",
  month: "This month",
  quarter: "This quarter",
  custom: "Custom",
};
const PRIORITY_LABELS: Readonly<Record<Priority, string>> = { high: "High priority", medium: "Medium priority", low: "Low priority" };
const ALL = "all";

export interface ReportControlsProps {
  search: ReportSearch;
  onChange: (next: ReportSearch) => void;
  /** The days the reports cover now (null: custom days that do not make a period). */
  period: DayPeriod | null;
  /** Who may own a deal: the owner filter's choices. */
  owners: readonly { id: string; displayName: string }[];
}

/** The period picker and the owner, source and priority filters; what they hold lives in the URL. */
export function ReportControls({ search, onChange, period, owners }: ReportControlsProps) {
  const set = (change: Partial<ReportSearch>) => onChange({ ...search, ...change });
  return (
    <div role="search" aria-label="Report period and filters" className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="report-period">Period</Label>
        <Select
          value={search.preset}
          onValueChange={(preset: PeriodPreset) =>
            // Custom starts from the days shown, so that only the end that moves needs typing.
            set(preset === "custom" ? { preset, from: period?.from ?? search.from, to: period?.to ?? search.to } : { preset })
          }
        >
          <SelectTrigger id="report-period" className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(PRESET_LABELS) as PeriodPreset[]).map((preset) => (
              <SelectItem key={preset} value={preset}>
                {PRESET_LABELS[preset]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {search.preset === "custom" && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="report-from">From</Label>
            <Input id="report-from" type="date" className="w-40" value={search.from} max={search.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="report-to">To</Label>
            <Input id="report-to" type="date" className="w-40" value={search.to} min={search.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </div>
        </>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="report-owner">Owner</Label>
        <Select value={search.owner ?? ALL} onValueChange={(owner) => set({ owner: owner === ALL ? undefined : owner })}>
          <SelectTrigger id="report-owner" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Everyone</SelectItem>
            {owners.map((user) => (
              <SelectItem key={user.id} value={user.id}>
                {user.displayName}
              </SelectItem>
            ))}
            {search.owner && !owners.some((user) => user.id === search.owner) && <SelectItem value={search.owner}>Former colleague</SelectItem>}
          </SelectContent>
        </Select>
      </div>
      <SourceFilter source={search.source} onChange={(source) => set({ source })} />
      <div className="grid gap-1.5">
        <Label htmlFor="report-priority">Priority</Label>
        <Select value={search.priority ?? ALL} onValueChange={(v) => set({ priority: v === ALL ? undefined : (v as Priority) })}>
          <SelectTrigger id="report-priority" className="w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All priorities</SelectItem>
            {LEAD_PRIORITIES.map((priority) => (
              <SelectItem key={priority} value={priority}>
                {PRIORITY_LABELS[priority]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className="basis-full text-sm text-muted-foreground" aria-live="polite">
        {period ? `${formatDay(period.from)} – ${formatDay(period.to)}` : "Choose a start day on or before the end day."}
      </p>
    </div>
  );
}

/** The source typed, written to the URL once typing pauses, so that each key does not ask for every report. */
function SourceFilter({ source, onChange }: { source: string | undefined; onChange: (source: string | undefined) => void }) {
  const [text, setText] = useState(source ?? "");
  const typed = useDebouncedValue(text.trim(), 400);
  useEffect(() => {
    if ((typed || undefined) !== source) onChange(typed || undefined);
    // Only a pause in typing writes; a change from elsewhere (the URL) does not start one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="report-source">Source</Label>
      <Input id="report-source" type="search" className="w-44" placeholder="Any source" value={text} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}
