import { useState } from "react";
import type { HistoryEntry } from "@crm/contracts/history/answers";
import type { Lead } from "@crm/contracts/lead/answers";
import { formatDateTime } from "@/lib/format";
import { useLeadAsOf } from "../api/get-lead-as-of.ts";
import { useTimeZone } from "@/api/use-time-zone";

const FIELDS: [keyof Lead, string][] = [
  ["name", "Name"],
  ["business", "Business"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["stage", "Stage"],
  ["priority", "Priority"],
  ["source", "Source"],
  ["notes", "Notes"],
  ["creativeDirectorId", "Creative director"],
];

export interface TimeTravelSliderProps {
  leadId: string;
  /** Entries of the lead's own stream, in order: one step each. */
  versions: HistoryEntry[];
}

/** A slider over the lead's versions; each step shows the lead exactly as it was, replayed by the server (?asOf=). */
export function TimeTravelSlider({ leadId, versions }: TimeTravelSliderProps) {
  const zone = useTimeZone();
  const [index, setIndex] = useState(versions.length - 1);
  const step = versions[Math.min(index, versions.length - 1)];
  const lead = useLeadAsOf(leadId, step?.position);
  if (!step) return null;
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <label className="grid gap-1 text-sm font-medium" htmlFor={`time-travel-${leadId}`}>
        Time travel
        <input
          id={`time-travel-${leadId}`}
          type="range"
          min={0}
          max={versions.length - 1}
          value={Math.min(index, versions.length - 1)}
          onChange={(e) => setIndex(Number(e.target.value))}
          aria-valuetext={`Version ${step.leadVersion} of ${versions.at(-1)!.leadVersion}: ${step.summary}`}
          className="w-full accent-primary"
        />
      </label>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {`Version ${step.leadVersion} of ${versions.at(-1)!.leadVersion} · ${formatDateTime(step.at, zone)} · ${step.summary}`}
      </p>
      {lead.isPending ? (
        <p className="text-sm text-muted-foreground">Replaying…</p>
      ) : lead.error || !lead.data ? (
        <p className="text-sm text-muted-foreground">The lead did not exist at this point (or was archived).</p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" aria-label="The lead at this version">
          {FIELDS.map(([field, label]) => (
            <div key={field} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{String(lead.data![field] ?? "—")}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
