/**
 * The cards of one board column that a batch holds, ordered by rank with the top card last, so
 * placing a card on top (the usual move) appends. Entries are not removed when a card moves on:
 * top() drops stale ones as they reach the end, which keeps every change O(log n).
 */
export class ColumnRanks {
  /** By rank, highest first. */
  private readonly entries: { id: string; rank: string }[] = [];

  add(id: string, rank: string) {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.rank > rank) low = middle + 1;
      else high = middle;
    }
    this.entries.splice(low, 0, { id, rank });
  }

  /** The lowest rank whose card is still there, as isCurrent judges it; undefined when none is. */
  top(isCurrent: (id: string, rank: string) => boolean): string | undefined {
    for (let last = this.entries.at(-1); last; last = this.entries.at(-1)) {
      if (isCurrent(last.id, last.rank)) return last.rank;
      this.entries.pop();
    }
    return undefined;
  }
}
