import { Link } from "react-router";
import { cn } from "@/lib/utils";
import type { ReportTable } from "../utils/report-table.ts";

/** A report's rows as a real table: caption, column headers, each row headed by its first cell; wide tables scroll sideways. */
export function ReportTableView({ table }: { table: ReportTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="pb-2 text-left text-xs text-muted-foreground">{table.caption}</caption>
        <thead>
          <tr className="border-b">
            {table.columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn("px-2 py-1.5 font-medium whitespace-nowrap text-muted-foreground", column.numeric ? "text-right" : "text-left")}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              {row.cells.map((cell, i) => {
                const Cell = i === 0 ? "th" : "td";
                return (
                  <Cell
                    key={table.columns[i]!.header}
                    scope={i === 0 ? "row" : undefined}
                    className={cn("px-2 py-1.5 font-normal", table.columns[i]!.numeric ? "text-right tabular-nums" : "text-left", i === 0 && "font-medium")}
                  >
                    {cell.href ? (
                      <Link to={cell.href} className="text-primary underline-offset-4 hover:underline">
                        {cell.text}
                      </Link>
                    ) : (
                      cell.text
                    )}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
