import { createContext, useContext } from "react";
import type { Names } from "../utils/report-table.ts";

/** What every card reads: how people are named, the agency's currency, its today and its settings' version. */
export interface ReportContext {
  names: Names;
  currency: string;
  /** Today in the agency's zone: the day the forecast and the stale list are taken on. */
  today: string;
  /** The settings' version, which the forecast and the stale list depend on. */
  settingsVersion: number;
}

export const ReportContextValue = createContext<ReportContext | null>(null);

export function useReportContext(): ReportContext {
  const context = useContext(ReportContextValue);
  if (!context) throw new Error("A report card is shown inside the Reports page");
  return context;
}
