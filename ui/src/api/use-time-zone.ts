import { useQuery } from "@tanstack/react-query";
import { useAgencyTimeZone } from "./get-agency-time-zone.ts";
import { profileQueryOptions } from "./get-profile.ts";

/** The browser's own zone: what a signed-out page (an invitation) states its times in. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone every time on screen is shown in and every typed time is read in (docs/product.md,
 * "Limits and constants", Dates): the person's profile zone, else the agency's, else the
 * browser's while those load. Format with contracts/src/time/date-time.ts, never Date's own.
 */
export function useTimeZone(): string {
  // An observer of the profile query that does not refetch on every mount (the Profile page's does).
  const { data: own } = useQuery({
    ...profileQueryOptions,
    staleTime: 5 * 60_000,
    refetchOnMount: false,
    select: (p) => p?.timeZone ?? null,
  });
  const agency = useAgencyTimeZone();
  return own ?? agency ?? browserZone();
}
