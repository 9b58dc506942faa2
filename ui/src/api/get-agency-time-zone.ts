import { useQuery } from "@tanstack/react-query";
import { settingsQueryOptions } from "@/api/get-settings";

/** The agency's time zone, which "Agency default" follows; undefined until (or unless) the settings answer. */
export function useAgencyTimeZone(): string | undefined {
  const { data } = useQuery({ ...settingsQueryOptions, select: (settings) => settings?.timeZone });
  return data ?? undefined;
}
