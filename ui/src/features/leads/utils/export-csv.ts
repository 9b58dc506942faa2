import type { Lead } from "@crm/contracts/lead/answers";

export const EXPORT_COLUMNS = ["Name", "Business", "Email", "Phone", "Stage", "Priority", "Source"] as const;

/** Every value quoted, inner quotes doubled (RFC 4180; docs/product.md, "Leads and the pipeline", CSV export). */
const quote = (value: string | null) => `"${(value ?? "").replaceAll('"', '""')}"`;

/** The leads as CSV text: a header row, then one row per lead, CRLF line ends. */
export function leadsToCsv(leads: readonly Lead[]): string {
  const rows = leads.map((l) => [l.name, l.business, l.email, l.phone, l.stage, l.priority, l.source]);
  return [EXPORT_COLUMNS, ...rows].map((row) => row.map(quote).join(",")).join("\r\n") + "\r\n";
}

/** leads-{yyyy-MM-dd}.csv, in the user's own calendar. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `leads-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Saves the leads as a CSV download in the browser. */
export function downloadLeadsCsv(leads: readonly Lead[], now: Date = new Date()): void {
  const blob = new Blob([leadsToCsv(leads)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
