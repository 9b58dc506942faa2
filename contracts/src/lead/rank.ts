/**
 * Board ranks (docs/decisions/005-board-ranks.md): a card's place in its column is a string that
 * sorts byte-wise (COLLATE "C"). A rank is a fixed-width base-62 integer part followed by an
 * optional base-62 fraction, so putting a card between two others writes only that card's row.
 * Putting a card at either end steps the integer part (keys stay short however often it happens);
 * putting it between two neighbours halves the integer gap, then falls back to fraction midpoints.
 */
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BASE = DIGITS.length;
const WIDTH = 6;
const MAX_INT = BASE ** WIDTH - 1;

function encodeInt(n: number): string {
  let out = "";
  for (let i = 0; i < WIDTH; i++) {
    out = DIGITS[n % BASE]! + out;
    n = Math.floor(n / BASE);
  }
  return out;
}

function decodeInt(text: string): number {
  let n = 0;
  for (const c of text) n = n * BASE + DIGITS.indexOf(c);
  return n;
}

/** A fraction strictly between a and b (b null: 1); neither ends in "0", nor does the result. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a ? DIGITS.indexOf(a[0]!) : 0;
  const high = b !== null ? DIGITS.indexOf(b[0]!) : BASE;
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)]!;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[low]! + midpoint(a.slice(1), null);
}

const RANK = /^[0-9A-Za-z]{6}(?:[0-9A-Za-z]*[1-9A-Za-z])?$/;

/** Whether text is a rank this module could have produced. */
export const isRank = (text: string) => RANK.test(text);

/** The rank of the first card of an empty column: the middle of the space, room on both sides. */
export const FIRST_RANK = encodeInt(Math.floor(MAX_INT / 2));

const split = (rank: string) => ({ int: decodeInt(rank.slice(0, WIDTH)), fraction: rank.slice(WIDTH) });

/** A rank that sorts just before rank (a new top of the column). */
export function rankBefore(rank: string): string {
  const { int, fraction } = split(rank);
  if (int > 1 || (int === 1 && fraction !== "")) return encodeInt(int - (fraction === "" ? 1 : 0));
  return encodeInt(0) + midpoint("", int === 0 ? fraction || null : null);
}

/** A rank that sorts just after rank (a new bottom of the column). */
export function rankAfter(rank: string): string {
  const { int, fraction } = split(rank);
  return int < MAX_INT ? encodeInt(int + 1) : encodeInt(int) + midpoint(fraction, null);
}

/** A rank strictly between low and high (low < high). */
export function rankBetween(low: string, high: string): string {
  if (!(low < high)) throw new RangeError(`rankBetween needs low < high, got ${low} and ${high}`);
  const a = split(low);
  const b = split(high);
  if (b.int - a.int >= 2) return encodeInt(Math.floor((a.int + b.int) / 2));
  if (b.int === a.int) return encodeInt(a.int) + midpoint(a.fraction, b.fraction);
  if (b.fraction !== "") return encodeInt(b.int);
  return encodeInt(a.int) + midpoint(a.fraction, null);
}
