import { CheckCircle2, Clock, ListTodo, Users } from "lucide-react";
import { StatGrid } from "@/components/stat-grid";
import type { CreativeCounters as Counters } from "../utils/creative-model.ts";

const CARDS = [
  { key: "clients", label: "My Clients", icon: Users, tone: "bg-primary/10 text-primary" },
  { key: "pendingSubmissions", label: "Pending Submissions", icon: Clock, tone: "bg-warning/15 text-warning" },
  { key: "approvedContent", label: "Approved Content", icon: CheckCircle2, tone: "bg-success/15 text-success" },
  { key: "activeTasks", label: "Active Tasks", icon: ListTodo, tone: "bg-chart-2/15 text-chart-2" },
] as const;

/** The four counters of the creative dashboard (docs/product.md, "Creative portal"). */
export function CreativeCounters({ counters, loading }: { counters: Counters; loading: boolean }) {
  return <StatGrid label="Creative figures" loading={loading} items={CARDS.map((card) => ({ ...card, value: counters[card.key] }))} />;
}
