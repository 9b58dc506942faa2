import type { Lead } from "@crm/contracts/lead/answers";
import { leadsToCsv, type LeadCsvContext } from "@crm/contracts/lead/lead-csv";
import { todayIn } from "@crm/contracts/time/date-time";
import type { User } from "@crm/contracts/user/answers";
import { downloadText } from "@/lib/download";

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
  downloadText(leadsToCsv(leads, csvContext(context)), exportFileName(now, context.timeZone), "text/csv;charset=utf-8");
}
