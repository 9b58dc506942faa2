/**
 * A log position is the pair (transaction id, global position), written as fixed-width decimals
 * so that positions compare correctly as text.
 */
const WIDTH = 20;

export const START_POSITION = encodePosition("0", "0");

export function encodePosition(transactionId: string, globalPosition: string): string {
  return `${transactionId.padStart(WIDTH, "0")}-${globalPosition.padStart(WIDTH, "0")}`;
}

// xid8 is an unsigned 64-bit integer, global_position a signed one: beyond these SQL would fail with a 500.
const MAX_TRANSACTION_ID = 2n ** 64n - 1n;
const MAX_GLOBAL_POSITION = 2n ** 63n - 1n;

export function decodePosition(position: string): { transactionId: string; globalPosition: string } {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(position);
  if (!match) throw new InvalidPositionError(position);
  const transactionId = BigInt(match[1]!);
  const globalPosition = BigInt(match[2]!);
  if (transactionId > MAX_TRANSACTION_ID || globalPosition > MAX_GLOBAL_POSITION) throw new InvalidPositionError(position);
  return { transactionId: transactionId.toString(), globalPosition: globalPosition.toString() };
}

/** The fixed-width form of a position written with fewer digits ("5-7"), so it compares correctly as text. */
export function normalizePosition(position: string): string {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(position);
  if (!match) throw new InvalidPositionError(position);
  return encodePosition(match[1]!, match[2]!);
}

export function isPosition(value: string): boolean {
  return /^\d{1,20}-\d{1,20}$/.test(value);
}

export const comparePositions = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class InvalidPositionError extends Error {
  constructor(position: string) {
    super(`Invalid log position: ${position}`);
  }
}
