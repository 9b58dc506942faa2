import type { ImportResult } from "@crm/contracts/lead/answers";
import { Badge } from "@/components/ui/badge";

const SHOWN_ROWS = 200;

/** The outcome of an import or its preview: counts, then the rows, bad ones first, with line and reason. */
export function ImportResults({ result }: { result: ImportResult }) {
  const rows = [...result.rows].sort((a, b) => Number(b.status === "error") - Number(a.status === "error") || a.line - b.line);
  const verb = result.dryRun ? "will be" : "were";
  return (
    <div className="grid gap-3">
      <p className="text-sm" role="status">
        {result.created} {result.created === 1 ? "lead" : "leads"} {verb} created, {result.updated} {verb} updated,{" "}
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
                Reason
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
                <td className="px-3 py-1.5 text-muted-foreground">{row.reason ?? ""}</td>
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
