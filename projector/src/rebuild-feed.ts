import type { RecordedEvent } from "@crm/contracts/events/registry";
import { START_POSITION } from "@crm/infra/event-store/position";

type Batch = readonly RecordedEvent[];

/**
 * The log read once, batch after batch, for several consumers that each take every batch in
 * order at their own pace: a read model whose statements keep the server busy does not hold
 * back one whose handler keeps the client busy, so the two overlap. Reads run a few batches ahead
 * of the slowest consumer and no further (each batch is held until every consumer took it).
 */
export class RebuildFeed {
  private readonly reads = new Map<number, Promise<Batch>>();
  private readonly done: number[];
  private readonly sizes = new Map<number, number>();
  private readonly waiters: (() => void)[] = [];
  /** Where the next read starts; undefined once a read came back empty. */
  private tail: Promise<string | undefined> = Promise.resolve(START_POSITION);
  private requested = 0;
  private released = 0;
  private failure: { error: unknown } | undefined;
  /** The position of the last event read. */
  position = START_POSITION;

  constructor(
    private readonly readAfter: (position: string) => Promise<Batch>,
    consumers: number,
    private readonly ahead: number,
    /** Told the number of events every consumer has taken, as it grows. */
    private readonly onReleased: (events: number) => void,
  ) {
    this.done = new Array<number>(consumers).fill(0);
  }

  /** The batches in log order for one consumer; each counts as taken when the consumer asks for the next. */
  async *batches(consumer: number): AsyncGenerator<Batch> {
    for (let index = 0; ; index++) {
      const events = await this.take(index);
      if (events.length === 0) return;
      yield events;
      this.release(consumer, index, events.length);
    }
  }

  /** Wakes every waiting consumer with this error: one consumer failed, the others stop. */
  abort(error: unknown) {
    this.failure ??= { error };
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async take(index: number): Promise<Batch> {
    while (!this.failure && index >= this.released + this.ahead) await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.failure) throw this.failure.error;
    while (this.requested <= Math.min(index + 1, this.released + this.ahead - 1)) this.readNext();
    return this.reads.get(index)!;
  }

  private readNext() {
    const index = this.requested++;
    const batch = this.tail.then((after) => (after === undefined ? [] : this.readAfter(after)));
    this.tail = batch.then((events) => {
      const last = events.at(-1)?.position;
      if (last !== undefined) this.position = last;
      return last;
    });
    // A failed read reaches the consumers through its batch; a batch read ahead may find none left.
    batch.catch(() => undefined);
    this.tail.catch(() => undefined);
    this.reads.set(index, batch);
  }

  private release(consumer: number, index: number, size: number) {
    this.done[consumer] = index + 1;
    this.sizes.set(index, size);
    const released = Math.min(...this.done);
    if (released === this.released) return;
    let events = 0;
    for (let i = this.released; i < released; i++) {
      events += this.sizes.get(i) ?? 0;
      this.sizes.delete(i);
      this.reads.delete(i);
    }
    this.released = released;
    this.onReleased(events);
    for (const wake of this.waiters.splice(0)) wake();
  }
}
