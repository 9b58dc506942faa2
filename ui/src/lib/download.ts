import { formatCsv } from "@crm/contracts/lead/csv";

/** Saves text as a file download in the browser. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves rows as a CSV download, through the app's one CSV writer (contracts/src/lead/csv.ts: RFC 4180,
 * formulas neutralised so a spreadsheet opening the file runs none).
 */
export function downloadCsv(rows: readonly (readonly string[])[], fileName: string): void {
  downloadText(formatCsv(rows), fileName, "text/csv;charset=utf-8");
}
