import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { User } from "@crm/contracts/user/answers";
import { useSettings } from "@/api/get-settings";
import { useStaff } from "../api/get-staff.ts";

/** What the board's cards and columns need beyond the lead: the staff (owners' names) and the agency's currency. */
export interface LeadDisplay {
  staff: readonly Pick<User, "id" | "displayName">[] | undefined;
  currency: string;
}

const LeadDisplayContext = createContext<LeadDisplay>({ staff: undefined, currency: "USD" });

/** Reads the staff and the settings once for the whole board, instead of once per card. */
export function LeadDisplayProvider({ children }: { children: ReactNode }) {
  const staff = useStaff();
  const settings = useSettings();
  const currency = settings.data?.currency ?? "USD";
  const value = useMemo(() => ({ staff: staff.data, currency }), [staff.data, currency]);
  return <LeadDisplayContext value={value}>{children}</LeadDisplayContext>;
}

export function useLeadDisplay(): LeadDisplay {
  return useContext(LeadDisplayContext);
}
