import type { ComboboxOption } from "@/components/combobox";
import { timeZoneNames } from "@/lib/time-zones";

function currencies(): string[] {
  try {
    return Intl.supportedValuesOf("currency");
  } catch {
    return [];
  }
}

/** Every currency the browser knows, "EUR — Euro", searchable by code and name. */
export function currencyOptions(current: string): ComboboxOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(["en"], { type: "currency" });
  } catch {
    names = undefined;
  }
  const codes = currencies();
  if (current && !codes.includes(current)) codes.unshift(current);
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code, keywords: name ? [name] : [] };
  });
}

/** Every IANA time zone the browser knows, UTC first; the agency's current one is kept even if the browser lacks it. */
export function timeZoneOptions(current: string): ComboboxOption[] {
  const all = [...timeZoneNames()];
  if (current && !all.includes(current)) all.unshift(current);
  return all.map((zone) => ({ value: zone, label: zone.replaceAll("_", " "), keywords: [zone] }));
}
