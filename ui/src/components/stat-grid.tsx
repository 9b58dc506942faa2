import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export interface StatGridItem {
  key: string;
  label: string;
  icon: LucideIcon;
  /** Classes for the icon badge, e.g. "bg-primary/10 text-primary". */
  tone: string;
  value: number;
}

export interface StatGridProps {
  /** Names the list for assistive technology ("Pipeline figures"). */
  label: string;
  items: readonly StatGridItem[];
  loading: boolean;
}

/** A row of counter cards: label, icon and a large number, read out as "Label: value". */
export function StatGrid({ label, items, loading }: StatGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:gap-4 xl:grid-cols-4" aria-label={label}>
      {items.map(({ key, label: name, icon: Icon, tone, value }) => (
        <li key={key}>
          <Card className="h-full justify-between gap-3 p-4 md:p-5">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm leading-snug text-muted-foreground">{name}</p>
              <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-4" aria-hidden="true" />
              </span>
            </div>
            {loading ? (
              <Skeleton className="h-8 w-12" />
            ) : (
              <p className="text-3xl font-semibold tracking-tight tabular-nums" aria-label={`${name}: ${value}`}>
                {value}
              </p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
