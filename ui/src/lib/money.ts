// Money in the agency's currency (docs/product.md, "Deals"): the API carries whole minor units (cents for USD,
// yen for JPY); the screens format them, and the forms parse what a person typed back into them.

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${currency}:${compact ? "compact" : "full"}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      ...(compact ? { notation: "compact", maximumFractionDigits: 1 } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** How many minor units a currency's major unit has, as powers of ten: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function fractionDigits(currency: string): number {
  return numberFormat(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount of minor units in the currency: "$48,250.00", or compact on a card or a column header ("$48.3K").
 * An unknown currency code falls back to the bare number rather than failing the screen.
 */
export function formatMoney(minor: number, currency: string, { compact = false }: { compact?: boolean } = {}): string {
  try {
    return numberFormat(currency, compact).format(minor / 10 ** fractionDigits(currency));
  } catch {
    return String(minor);
  }
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

/** Minor units as the field shows them to edit: "48250.5" → "48250.50", no grouping, no symbol; "" for none. */
export function minorToInput(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const digits = fractionDigits(currency);
  if (digits === 0) return String(minor);
  const scale = 10 ** digits;
  const whole = Math.floor(minor / scale);
  const fraction = String(minor % scale).padStart(digits, "0");
  return /^0+$/.test(fraction) ? String(whole) : `${whole}.${fraction}`;
}
