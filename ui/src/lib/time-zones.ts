let zones: readonly string[] | undefined;

/**
 * Every IANA time zone the browser knows, UTC first (some browsers leave it out of the list): the
 * choices of the Profile's and the Settings' time zone fields.
 */
export function timeZoneNames(): readonly string[] {
  if (zones) return zones;
  let names: string[] = [];
  try {
    names = Intl.supportedValuesOf("timeZone");
  } catch {
    // an older browser: a typed name is still checked by the contract's rule
  }
  zones = ["UTC", ...names.filter((zone) => zone !== "UTC")];
  return zones;
}
