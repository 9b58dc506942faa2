import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { AUDIT_TEXT_MAX } from "@crm/contracts/audit/workbench";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { usePeople } from "../api/get-people.ts";
import { EVENT_TYPE_NAMES } from "../utils/event-types.ts";
import { periodReversed, quickPeriod, type AuditSearch } from "../utils/filters.ts";
import { OTHER_ACTORS } from "../utils/summary.ts";

/** How long typing pauses before a text filter applies. */
const TYPING_PAUSE_MS = 300;

const ANY = "";
const TYPE_OPTIONS: ComboboxOption[] = [
  { value: ANY, label: "All event types" },
  ...EVENT_TYPE_NAMES.map((type) => ({ value: type, label: type })),
];

export interface AuditFiltersProps {
  search: AuditSearch;
  /** Changes some filters, keeping the others. */
  onChange: (change: Partial<AuditSearch>) => void;
  zone: string;
}

/**
 * A text filter that applies once typing pauses (or at once on Enter), and follows the address bar when
 * it changes from elsewhere ("Show its events", a shared link, Back).
 */
function useTextFilter(value: string, apply: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next.trim()), TYPING_PAUSE_MS);
  };
  const now = () => {
    clearTimeout(timer.current);
    apply(draft.trim());
  };
  return { draft, change, now };
}

/** The filter bar: person, event type, entity, period (with quick picks) and text; every filter lives in the address bar. */
export function AuditFilters({ search, onChange, zone }: AuditFiltersProps) {
  const id = useId();
  const people = usePeople();
  const entity = useTextFilter(search.entity ?? "", (value) => onChange({ entity: value }));
  const text = useTextFilter(search.q ?? "", (value) => onChange({ q: value }));
  const personOptions: ComboboxOption[] = [
    { value: ANY, label: "Everyone" },
    ...[...(people.data ?? [])]
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map((person) => ({
        value: person.id,
        label: person.status === "deactivated" ? `${person.displayName} (deactivated)` : person.displayName,
        keywords: [person.email],
      })),
    ...OTHER_ACTORS.map((actor) => ({ value: actor.id, label: actor.name })),
  ];
  // A shared link may name someone this list does not hold (yet): say so rather than show a bare id.
  if (search.actor && !personOptions.some((option) => option.value === search.actor)) {
    personOptions.push({ value: search.actor, label: people.isPending ? "Loading…" : "Someone no longer listed" });
  }
  const reversed = periodReversed(search);
  const filtered = Object.values(search).some(Boolean);
  return (
    <div role="search" aria-label="Filter the events" className="grid gap-3 rounded-xl border p-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-person`}>Person</Label>
        <Combobox
          id={`${id}-person`}
          value={search.actor ?? ANY}
          onChange={(actor) => onChange({ actor })}
          options={personOptions}
          searchPlaceholder="Search people"
          empty="Nobody by that name."
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>Event type</Label>
        <Combobox
          id={`${id}-type`}
          value={search.type ?? ANY}
          onChange={(type) => onChange({ type })}
          options={TYPE_OPTIONS}
          searchPlaceholder="Search event types"
          empty="No such event type."
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-entity`}>Entity</Label>
        <Input
          id={`${id}-entity`}
          value={entity.draft}
          onChange={(event) => entity.change(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && entity.now()}
          placeholder="meeting-…, lead-…, user-…"
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-xs sm:text-sm"
        />
      </div>
      <fieldset className="grid gap-1.5 sm:col-span-2 lg:col-span-2">
        <legend className="mb-1.5 text-sm leading-none font-medium">Period</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
              From
            </Label>
            <Input
              id={`${id}-from`}
              type="date"
              className="w-40"
              value={search.from ?? ""}
              max={search.to}
              onChange={(event) => onChange({ from: event.target.value })}
              aria-describedby={`${id}-zone`}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
              To
            </Label>
            <Input
              id={`${id}-to`}
              type="date"
              className="w-40"
              value={search.to ?? ""}
              min={search.from}
              onChange={(event) => onChange({ to: event.target.value })}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? `${id}-zone ${id}-period-error` : `${id}-zone`}
            />
          </div>
          <Button type="button" variant="outline" size="sm" className="h-9" onClick={() => onChange(quickPeriod("this-week", zone))}>
            This week
          </Button>
          <Button type="button" variant="outline" size="sm" className="h-9" onClick={() => onChange(quickPeriod("last-7-days", zone))}>
            Last 7 days
          </Button>
        </div>
        <p id={`${id}-zone`} className="text-xs text-muted-foreground">
          Whole days in {zone}.
        </p>
        {reversed && (
          <p id={`${id}-period-error`} role="alert" className="text-xs text-destructive">
            The period ends before it starts.
          </p>
        )}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>Text</Label>
        <Input
          id={`${id}-text`}
          type="search"
          value={text.draft}
          onChange={(event) => text.change(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && text.now()}
          placeholder="A name, an email, a word…"
          maxLength={AUDIT_TEXT_MAX}
        />
      </div>
      <div className="flex items-end justify-end gap-2 sm:col-span-2 lg:col-span-3">
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange({ actor: "", type: "", entity: "", q: "", from: "", to: "" })}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
