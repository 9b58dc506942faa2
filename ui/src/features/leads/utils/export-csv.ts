import type { Lead } from "@crm/contracts/lead/answers";
import { leadsToCsv, type LeadCsvContext } from "@crm/contracts/lead/lead-csv";
import { todayIn } from "@crm/contracts/time/date-time";
import type { User } from "@crm/contracts/user/answers";

/** What the export reads beyond the leads: the staff (owners by email), the agency's currency and the user's zone. */
export interface ExportContext {
  staff: readonly Pick<User, "id" | "email">[];
  currency: string;
  timeZone: string;
}

/** The owner's email by user id, from the staff list; an owner it does not know is left blank. */
export function csvContext({ staff, currency }: Pick<ExportContext, "staff" | "currency">): LeadCsvContext {
  const emails = new Map(staff.map((user) => [user.id, user.email]));
  return { currency, ownerEmail: (id) => emails.get(id) };
}

/** leads-{yyyy-MM-dd}.csv, the date in the user's zone. */
export function exportFileName(now: Date, timeZone: string): string {
  return `leads-${todayIn(timeZone, now)}.csv`;
}

/** Saves the leads as a CSV download in the browser (docs/product.md, "Leads and the pipeline", CSV export). */
export function downloadLeadsCsv(leads: readonly Lead[], context: ExportContext, now: Date = new Date()): void {
  const blob = new Blob([leadsToCsv(leads, csvContext(context))], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(now, context.timeZone);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
