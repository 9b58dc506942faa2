import { fractionDigits } from "@crm/contracts/money/money";

// Parsing and the digits of a currency are shared with the server (contracts/src/money/money.ts).
export { fractionDigits, minorToInput, parseMoney } from "@crm/contracts/money/money";

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
