/**
 * A log position is the pair (transaction id, global position), written as fixed-width decimals
 * so that positions compare correctly as text.
 */
const WIDTH = 20;

export const START_POSITION = encodePosition("0", "0");

export function encodePosition(transactionId: string, globalPosition: string): string {
  return `${transactionId.padStart(WIDTH, "0")}-${globalPosition.padStart(WIDTH, "0")}`;
}

export function decodePosition(position: string): { transactionId: string; globalPosition: string } {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(position);
  if (!match) throw new InvalidPositionError(position);
  return { transactionId: BigInt(match[1]!).toString(), globalPosition: BigInt(match[2]!).toString() };
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
