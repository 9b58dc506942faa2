import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { LEAD_STAGES } from "@crm/contracts/lead/stages";

/** The board's shape while the leads load, with a spinner announced as "Loading leads". */
export function BoardSkeleton() {
  return (
    <div className="relative">
      <Spinner label="Loading leads" className="absolute top-16 left-1/2 z-10 -translate-x-1/2" />
      <div className="flex h-[calc(100dvh-16rem)] min-h-[26rem] gap-3 overflow-hidden">
        {LEAD_STAGES.slice(0, 5).map((stage) => (
          <div key={stage} className="flex w-80 shrink-0 flex-col gap-2 rounded-xl border bg-muted/40 p-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-32 rounded-lg" />
            <Skeleton className="h-32 rounded-lg" />
          </div>
        ))}
      </div>
    </div>
  );
}
