import { FileClock, Rocket, UserPlus, Users } from "lucide-react";
import type { Stats } from "@crm/contracts/lead/answers";
import { StatGrid } from "@/components/stat-grid";

const CARDS = [
  { key: "newLeads", label: "New Leads", icon: UserPlus, tone: "bg-primary/10 text-primary" },
  { key: "contractsPending", label: "Contracts Pending", icon: FileClock, tone: "bg-warning/15 text-warning" },
  { key: "onboardingInProgress", label: "Onboarding In Progress", icon: Rocket, tone: "bg-chart-2/15 text-chart-2" },
  { key: "clientsAssigned", label: "Clients Assigned", icon: Users, tone: "bg-success/15 text-success" },
] as const;

/** The four counters of docs/product.md, "Dashboard"; 0 while they load. */
export function StatCards({ stats, loading }: { stats: Stats | null | undefined; loading: boolean }) {
  return <StatGrid label="Pipeline figures" loading={loading} items={CARDS.map((card) => ({ ...card, value: stats?.[card.key] ?? 0 }))} />;
}
