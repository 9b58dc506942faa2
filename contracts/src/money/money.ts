// Money in the agency's currency (docs/product.md, "Deals"): the API carries whole minor units (cents for USD,
// yen for JPY); people type and read major units. Plain functions with no zod import, for the browser and the server
// alike (the lead form, the CSV export and the CSV import read and write amounts by these rules).

const digitsOf = new Map<string, number>();

/** How many minor units a currency's major unit has, as powers of ten: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function fractionDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * What a person typed ("48,250", "$ 1 200.50", "12.5") as whole minor units of the currency; null for an
 * empty field; NaN for anything else (letters, a minus, more decimals than the currency has).
 * Commas and spaces group thousands; the point is the decimal separator.
 */
export function parseMoney(typed: string, currency: string): number | null {
  const text = typed.replace(/[\s,\u00a0\u202f]/g, "").replace(/^\p{Sc}/u, "");
  if (text === "") return null;
  const digits = fractionDigits(currency);
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === "" && !match[2])) return Number.NaN;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) return Number.NaN;
  return Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as a person would type them back: "48250.5" → "48250.50", no grouping, no symbol; "" for none. */
export function minorToInput(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const digits = fractionDigits(currency);
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  const whole = Math.floor(minor / scale);
  const fraction = String(minor % scale).padStart(digits, "0");
  return /^0+$/.test(fraction) ? String(whole) : `${whole}.${fraction}`;
}
