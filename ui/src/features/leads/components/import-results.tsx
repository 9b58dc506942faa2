import type { ImportResult, ImportRowSets } from "@crm/contracts/lead/answers";
import { useSettings } from "@/api/get-settings";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money";

const SHOWN_ROWS = 200;

/** What a row sets beyond the contact's details, as a short list: "Stage: Contacted · Owner: Ana Lee · Value: $1,250.50". */
export function describeSets(set: ImportRowSets | undefined, currency: string): string {
  if (!set) return "";
  const parts: string[] = [];
  if (set.stage) parts.push(`Stage: ${set.stage}`);
  if (set.owner) parts.push(`Owner: ${set.owner.name}`);
  if (set.valueMinor !== undefined) parts.push(`Value: ${formatMoney(set.valueMinor, currency)}`);
  if (set.expectedCloseOn) parts.push(`Expected close: ${set.expectedCloseOn}`);
  if (set.probability !== undefined) parts.push(`Probability: ${set.probability}%`);
  if (set.source) parts.push(`Source: ${set.source}`);
  return parts.join(" · ");
}

/** The outcome of an import or its preview: counts, then the rows, bad ones first, with line and what each sets or why it is refused. */
export function ImportResults({ result }: { result: ImportResult }) {
  const currency = useSettings().data?.currency ?? "USD";
  const rows = [...result.rows].sort((a, b) => Number(b.status === "error") - Number(a.status === "error") || a.line - b.line);
  const verb = (count: number) => (result.dryRun ? "will be" : count === 1 ? "was" : "were");
  return (
    <div className="grid gap-3">
      <p className="text-sm" role="status">
        {result.created} {result.created === 1 ? "lead" : "leads"} {verb(result.created)} created, {result.updated} {verb(result.updated)}{" "}
        updated,{" "}
        <span className={result.errors > 0 ? "font-medium text-destructive" : undefined}>
          {result.errors} {result.errors === 1 ? "row has" : "rows have"} errors
        </span>
        .
      </p>
      <div className="max-h-64 overflow-y-auto rounded-md border" tabIndex={0} aria-label="Rows of the file">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Result
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line} className="border-t">
                <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                <td className="px-3 py-1.5">
                  <Badge variant={row.status === "error" ? "destructive" : row.status === "created" ? "default" : "secondary"}>
                    {row.status}
                  </Badge>
                </td>
                <td className="px-3 py-1.5 text-muted-foreground [overflow-wrap:anywhere]">
                  {row.reason ?? describeSets(row.set, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > SHOWN_ROWS && (
        <p className="text-xs text-muted-foreground">
          Showing {SHOWN_ROWS} of {rows.length} rows.
        </p>
      )}
    </div>
  );
}
