import type { UserStatus } from "@crm/contracts/user/answers";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const STATUS: Record<UserStatus, { label: string; tone: string }> = {
  active: { label: "Active", tone: "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300" },
  invited: { label: "Invited", tone: "border-primary/30 bg-primary/10 text-primary" },
  pending: { label: "Awaiting approval", tone: "border-warning/50 bg-warning/15 text-foreground" },
  deactivated: { label: "Deactivated", tone: "border-border bg-muted text-muted-foreground" },
};

/** Where an account stands, as a small badge. */
export function StatusBadge({ status, className }: { status: UserStatus; className?: string }) {
  const { label, tone } = STATUS[status];
  return (
    <Badge variant="outline" className={cn(tone, className)}>
      {label}
    </Badge>
  );
}
