import { Badge } from "@/components/ui/badge";
import type { Role } from "@/lib/session";
import { cn } from "@/lib/utils";

const TONE: Record<Role, string> = {
  Partner: "bg-primary/10 text-primary border-primary/20",
  "Project Manager": "bg-chart-2/15 text-foreground border-chart-2/30",
  "Creative Director": "bg-warning/15 text-foreground border-warning/40",
  Auditor: "bg-muted text-foreground border-foreground/25",
};

/** The user's role as a small badge. */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONE[role], className)}>
      {role}
    </Badge>
  );
}
