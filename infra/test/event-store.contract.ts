import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DomainEvent, EventMetadata } from "@crm/contracts/events/registry";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";
import { StreamVersionConflictError, type EventStore, type ExpectedVersion } from "../src/event-store/event-store.ts";
import { EVENTUALLY } from "../testing/eventually.ts";

/** What a backend gives the contract: a store on an empty log it may share between tests. */
export interface EventStoreFixture {
  store: EventStore;
  close(): Promise<void>;
}

const leadCreated = (leadId: string, name = "Ada"): DomainEvent => leadCreatedEvent(leadId, { name });
const stageChanged = (leadId: string, to: "Contacted" | "Active" = "Contacted"): DomainEvent => stageChangedEvent(leadId, "New Lead", to);

const metadataFor = (commandId: string): EventMetadata => ({
  actor: "user-1",
  at: "2026-11-21T10:00:00.000Z",
  commandId,
  correlationId: commandId,
});

/** A fresh stream per test, so tests can share one store. */
function newStream() {
  const leadId = randomUUID();
  return { leadId, streamId: `lead-${leadId}` };
}

/**
 * The behaviour every EventStore must show (decisions 001 and 022). Tests use their own streams and read
 * the global log only after a position they captured, so one store serves the whole suite.
 */
export function eventStoreContract(name: string, factory: () => Promise<EventStoreFixture>) {
  describe(`event store contract on ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterAll(() => fixture?.close());

    /**
     * Waits until the global log can deliver position: a Postgres store holds its readable head
     * back while any transaction in the cluster that started earlier is still open.
     */
    async function headReaches(position: string) {
      await vi.waitFor(async () => expect((await store.currentPosition()) >= position).toBe(true), { ...EVENTUALLY, interval: 20 });
    }

    const append = (streamId: string, expected: ExpectedVersion, events: DomainEvent[], commandId: string = randomUUID()) =>
      store.append(streamId, expected, events, { commandId, metadata: metadataFor(commandId) });

    /** n new lead streams of a LeadCreated and a LeadStageChanged each, readable in the log; and where the log stood before them. */
    async function createdAndMoved(n: number) {
      const start = await store.currentPosition();
      const streams: string[] = [];
      let last = "";
      for (let i = 0; i < n; i++) {
        const { leadId, streamId } = newStream();
        last = (await append(streamId, 0, [leadCreated(leadId), stageChanged(leadId)])).position;
        streams.push(streamId);
      }
      await headReaches(last);
      return { start, streams };
    }

    it("appends a new stream and reads it back with versions, ids, metadata and positions", async () => {
      const { leadId, streamId } = newStream();
      const result = await append(streamId, 0, [leadCreated(leadId), stageChanged(leadId)], "cmd-read-back-" + leadId);
      expect(result).toMatchObject({ nextVersion: 2, duplicate: false });

      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.type, e.streamVersion, e.streamId])).toEqual([
        ["LeadCreated", 1, streamId],
        ["LeadStageChanged", 2, streamId],
      ]);
      expect(events[0]!.data).toEqual(leadCreated(leadId).data);
      expect(events[1]!.metadata).toEqual(metadataFor("cmd-read-back-" + leadId));
      expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
      expect(events[0]!.position < events[1]!.position).toBe(true);
      expect(events[1]!.position).toBe(result.position);
    });

    it("reads one event by its id, and nothing for an id it does not hold", async () => {
      const { leadId, streamId } = newStream();
      await append(streamId, 0, [leadCreated(leadId), stageChanged(leadId)]);
      const [, second] = await store.readStream(streamId);
      expect(await store.readEvent(second!.eventId)).toEqual(second);
      expect(await store.readEvent(randomUUID())).toBeUndefined();
      expect(await store.readEvent("not-an-id")).toBeUndefined();
    });

    it("appends at the expected version and refuses a wrong one without appending", async () => {
      const { leadId, streamId } = newStream();
      await append(streamId, 0, [leadCreated(leadId)]);
      expect(await append(streamId, 1, [stageChanged(leadId)])).toMatchObject({ nextVersion: 2 });

      const stale = append(streamId, 1, [stageChanged(leadId, "Active")]);
      await expect(stale).rejects.toBeInstanceOf(StreamVersionConflictError);
      await expect(stale).rejects.toMatchObject({ streamId, expectedVersion: 1, actualVersion: 2 });
      await expect(append(streamId, 7, [stageChanged(leadId, "Active")])).rejects.toMatchObject({ actualVersion: 2 });
      expect(await store.readStream(streamId)).toHaveLength(2);
    });

    it("loads a stream whole without a mark, and only the events after one", async () => {
      const { leadId, streamId } = newStream();
      await append(streamId, 0, [leadCreated(leadId), stageChanged(leadId)]);
      await append(streamId, 2, [stageChanged(leadId, "Active")]);
      const whole = await store.loadStream(streamId);
      expect(whole).toMatchObject({ rewrites: 0, whole: true });
      expect(whole.events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      const since = await store.loadStream(streamId, { version: 2, rewrites: 0 });
      expect(since).toMatchObject({ rewrites: 0, whole: false });
      expect(since.events.map((e) => [e.type, e.streamVersion])).toEqual([["LeadStageChanged", 3]]);
      expect((await store.loadStream(streamId, { version: 3, rewrites: 0 })).events).toEqual([]);
      expect(await store.loadStream(newStream().streamId)).toEqual({ events: [], rewrites: 0, whole: true });
    });

    it("refuses expected version 0 on a stream that exists", async () => {
      const { leadId, streamId } = newStream();
      await append(streamId, 0, [leadCreated(leadId)]);
      await expect(append(streamId, 0, [leadCreated(leadId, "Again")])).rejects.toMatchObject({ expectedVersion: 0, actualVersion: 1 });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it("refuses a positive expected version on a stream that does not exist", async () => {
      const { leadId, streamId } = newStream();
      await expect(append(streamId, 1, [leadCreated(leadId)])).rejects.toMatchObject({ actualVersion: 0 });
      expect(await store.readStream(streamId)).toEqual([]);
    });

    it('appends with "any" whether or not the stream exists', async () => {
      const { leadId, streamId } = newStream();
      expect(await append(streamId, "any", [leadCreated(leadId)])).toMatchObject({ nextVersion: 1 });
      expect(await append(streamId, "any", [stageChanged(leadId), stageChanged(leadId, "Active")])).toMatchObject({ nextVersion: 3 });
      expect((await store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it("lets exactly one of several concurrent appends at the same expected version win", async () => {
      const { leadId, streamId } = newStream();
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => append(streamId, 0, [leadCreated(leadId, `Writer ${i}`)])),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      for (const r of refused) expect(r.reason).toBeInstanceOf(StreamVersionConflictError);
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it("appends nothing for a repeated command id and returns the first answer", async () => {
      const { leadId, streamId } = newStream();
      const commandId = `cmd-${leadId}`;
      const first = await append(streamId, 0, [leadCreated(leadId)], commandId);
      const again = await append(streamId, 0, [leadCreated(leadId, "Other")], commandId);
      expect(again).toEqual({ nextVersion: first.nextVersion, position: first.position, duplicate: true });
      expect(await store.findCommand(commandId)).toEqual({ streamId, nextVersion: 1, position: first.position });
      const events = await store.readStream(streamId);
      expect(events.map((e) => e.data)).toEqual([leadCreated(leadId).data]);
    });

    it("appends once when appends with the same command id race", async () => {
      const { leadId, streamId } = newStream();
      const commandId = `race-${leadId}`;
      const results = await Promise.all(Array.from({ length: 6 }, () => append(streamId, "any", [stageChanged(leadId)], commandId)));
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      const first = results.find((r) => !r.duplicate)!;
      for (const r of results)
        expect({ nextVersion: r.nextVersion, position: r.position }).toEqual({ nextVersion: 1, position: first.position });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it("does not reserve a command id when its append is refused", async () => {
      const { leadId, streamId } = newStream();
      const commandId = `refused-${leadId}`;
      await expect(append(streamId, 3, [leadCreated(leadId)], commandId)).rejects.toBeInstanceOf(StreamVersionConflictError);
      expect(await store.findCommand(commandId)).toBeUndefined();
      expect(await append(streamId, 0, [leadCreated(leadId)], commandId)).toMatchObject({ nextVersion: 1, duplicate: false });
    });

    it("validates every event with its schema on write and appends nothing when one is invalid", async () => {
      const { leadId, streamId } = newStream();
      const before = await store.currentPosition();
      const invalid = { type: "LeadStageChanged", data: { leadId, from: "New Lead", to: "Nowhere" } } as unknown as DomainEvent;
      await expect(append(streamId, "any", [leadCreated(leadId), invalid])).rejects.toThrow();
      const notAUuid = { ...leadCreated("not-a-uuid") };
      await expect(append(streamId, 0, [notAUuid])).rejects.toThrow();
      const unknown = { type: "LeadVanished", data: { leadId } } as unknown as DomainEvent;
      await expect(append(streamId, 0, [unknown])).rejects.toThrow(/Unknown event type/);
      expect(await store.readStream(streamId)).toEqual([]);
      expect((await store.readAll({ after: before, limit: 1_000 })).filter((e) => e.streamId === streamId)).toEqual([]);
    });

    it("reads a stream from a version and up to a position", async () => {
      const { leadId, streamId } = newStream();
      const other = newStream();
      const first = await append(streamId, 0, [leadCreated(leadId)]);
      await append(other.streamId, 0, [leadCreated(other.leadId)]);
      const second = await append(streamId, 1, [stageChanged(leadId)]);
      await append(streamId, 2, [stageChanged(leadId, "Active")]);

      expect((await store.readStream(streamId, { toPosition: first.position })).map((e) => e.streamVersion)).toEqual([1]);
      expect((await store.readStream(streamId, { toPosition: second.position })).map((e) => e.streamVersion)).toEqual([1, 2]);
      expect((await store.readStream(streamId, { fromVersion: 1 })).map((e) => e.streamVersion)).toEqual([2, 3]);
      expect((await store.readStream(streamId, { fromVersion: 1, toPosition: second.position })).map((e) => e.streamVersion)).toEqual([2]);
    });

    it("reads the global log after a position, in append order, each event once across pages", async () => {
      const { start, streams } = await createdAndMoved(7);
      const appended = streams.flatMap((streamId) => [`${streamId}#1`, `${streamId}#2`]);
      const read: { position: string; key: string }[] = [];
      let after = start;
      for (let page = await store.readAll({ after, limit: 3 }); page.length > 0; page = await store.readAll({ after, limit: 3 })) {
        expect(page.length).toBeLessThanOrEqual(3);
        read.push(...page.map((e) => ({ position: e.position, key: `${e.streamId}#${e.streamVersion}` })));
        after = page.at(-1)!.position;
      }
      // Earlier tests' events may still arrive here: the head can lag behind their acknowledged appends.
      const ours = new Set(appended);
      expect(read.map((e) => e.key).filter((key) => ours.has(key))).toEqual(appended);
      const positions = read.map((e) => e.position);
      expect(positions[0]! > start).toBe(true);
      expect([...positions].sort()).toEqual(positions);
      expect(new Set(positions).size).toBe(positions.length);
      expect(await store.currentPosition()).toBe(positions.at(-1));
    });

    it("reads the log for some event types: the others are passed over but counted, and the next page starts after them", async () => {
      const { start, streams } = await createdAndMoved(4);
      const moves = streams.map((streamId) => `${streamId}#2`);
      const pages = [];
      let after = start;
      for (;;) {
        const page = await store.readAllOfTypes({ after, limit: 1, types: ["LeadStageChanged"] });
        pages.push(page);
        if (page.read === 0) break;
        expect(page.through > after).toBe(true);
        after = page.through;
      }
      const read = pages.flatMap((page) => page.events);
      expect(new Set(read.map((e) => e.type))).toEqual(new Set(["LeadStageChanged"]));
      const ours = new Set(moves);
      expect(read.map((e) => `${e.streamId}#${e.streamVersion}`).filter((key) => ours.has(key))).toEqual(moves);
      // Each LeadCreated made a page of its own: one event read, none returned, and the checkpoint past it.
      expect(pages.filter((page) => page.read === 1 && page.events.length === 0).length).toBeGreaterThanOrEqual(moves.length);
      expect(pages.at(-1)).toEqual({ events: [], read: 0, through: after });
      expect(after).toBe(await store.currentPosition());
    });

    it("reports the head position after an append", async () => {
      const { leadId, streamId } = newStream();
      const result = await append(streamId, 0, [leadCreated(leadId)]);
      await headReaches(result.position);
      expect(await store.currentPosition()).toBe(result.position);
      expect(await store.readAll({ after: result.position, limit: 10 })).toEqual([]);
    });

    it("tells subscribers after an append", async () => {
      const heard = vi.fn();
      const unsubscribe = await store.onAppend(heard);
      try {
        const { leadId, streamId } = newStream();
        await append(streamId, 0, [leadCreated(leadId)]);
        await vi.waitFor(() => expect(heard).toHaveBeenCalled(), EVENTUALLY);
      } finally {
        await unsubscribe();
      }
    });
  });
}
