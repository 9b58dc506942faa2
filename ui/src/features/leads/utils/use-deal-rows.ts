import type { Lead } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES } from "@crm/contracts/lead/stages";
import { useSettings } from "@/api/get-settings";
import { useTimeZone } from "@/api/use-time-zone";
import { formatDate, formatDay } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { useStaff } from "../api/get-staff.ts";
import { ownerName } from "./owners.ts";

/** The deal's rows (docs/product.md, "Deals"): owner, value, expected close, probability (own or the stage's), won on. */
export function useDealRows(lead: Lead): [string, string | null][] {
  const staff = useStaff();
  const settings = useSettings().data;
  const zone = useTimeZone();
  const stageDefault = (settings?.stageProbabilities ?? DEFAULT_STAGE_PROBABILITIES)[lead.stage];
  const probability =
    lead.probability !== null ? `${lead.probability}%` : stageDefault === undefined ? null : `${stageDefault}% (stage default)`;
  return [
    ["Owner", ownerName(staff.data, lead.assignedTo)],
    // Not before the settings answer: a value is never shown in a currency that is not the agency's.
    ["Value", lead.valueMinor === null || !settings ? null : formatMoney(lead.valueMinor, settings.currency)],
    ["Expected Close", lead.expectedCloseOn ? formatDay(lead.expectedCloseOn) : null],
    ["Probability", probability],
    ["Outcome", lead.wonAt ? `Won on ${formatDate(lead.wonAt, zone)}` : null],
  ];
}
