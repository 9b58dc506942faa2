import type { Lead } from "@crm/contracts/lead/lead";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";

/** The leads as a plain table: name (linking to the lead), business, email, stage, priority. */
export function LeadsTable({ leads }: { leads: Lead[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Leads</caption>
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Business
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-medium md:table-cell">
              Email
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Stage
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
              Priority
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} className="border-b last:border-0 hover:bg-muted/40">
              <td className="px-4 py-3 font-medium">
                <Link
                  to={`/lead/${lead.id}`}
                  className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {lead.name}
                </Link>
              </td>
              <td className="px-4 py-3">{lead.business}</td>
              <td className="hidden px-4 py-3 text-muted-foreground md:table-cell">{lead.email}</td>
              <td className="px-4 py-3">
                <Badge variant="secondary">{lead.stage}</Badge>
              </td>
              <td className="hidden px-4 py-3 capitalize sm:table-cell">{lead.priority}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
