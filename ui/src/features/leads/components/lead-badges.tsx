import type { Lead } from "@crm/contracts/lead/answers";
import { Badge, type BadgeProps } from "@/components/ui/badge";

/** docs/product.md, "Leads board" (the quick view): high is destructive, medium default, low secondary, anything else outline. */
export function priorityVariant(priority: string): BadgeProps["variant"] {
  if (priority === "high") return "destructive";
  if (priority === "medium") return "default";
  if (priority === "low") return "secondary";
  return "outline";
}

/** The stage, "{priority} priority" and source badges of a lead. */
export function LeadBadges({ lead }: { lead: Pick<Lead, "stage" | "priority" | "source"> }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge variant="secondary">{lead.stage}</Badge>
      <Badge variant={priorityVariant(lead.priority)}>{lead.priority} priority</Badge>
      {lead.source && <Badge variant="outline">{lead.source}</Badge>}
    </div>
  );
}
