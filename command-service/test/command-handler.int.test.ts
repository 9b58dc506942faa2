import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, PreconditionFailedError } from "@crm/contracts/api/errors";
import type { EventMetadata, EventOf, RecordedEvent } from "@crm/contracts/events/registry";
import type { EventStore, StreamMark } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { createPostgresStreamRedactor } from "@crm/infra/event-store/postgres-stream-redactor";
import { eventStoreFixture } from "@crm/infra/testing/event-store-fixture";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { handleCommand } from "../src/core/command-handler.ts";
import { keptStreamStates, loadedStreamStates, useStreamStates } from "../src/core/stream-states.ts";
import type { Decider } from "../src/core/decider.ts";

const hasPostgres = await postgresAvailable();

/** A small decider on lead events: create once, then add notes; state counts the notes. */
type NoteEvent = EventOf<"LeadCreated" | "LeadDetailsChanged">;
type NoteCommand = { type: "Create"; leadId: string } | { type: "Note"; leadId: string; text: string };
type NoteState = { exists: boolean; notes: string[] };
const notes: Decider<NoteCommand, NoteState, NoteEvent> = {
  initialState: { exists: false, notes: [] },
  eventTypes: ["LeadCreated", "LeadDetailsChanged"],
  evolve: (state, event) =>
    event.type === "LeadCreated" ? { ...state, exists: true } : { ...state, notes: [...state.notes, event.data.changes.notes ?? ""] },
  decide(command, state) {
    if (command.type === "Create") {
      if (state.exists) throw new ConflictError("exists");
      const data = {
        leadId: command.leadId,
        name: "Ada",
        business: "B",
        email: "a@b.co",
        phone: null,
        source: null,
        priority: "medium" as const,
        notes: null,
        proposalLink: null,
        contractStatus: null,
        stage: "New Lead" as const,
      };
      return [{ type: "LeadCreated", data }];
    }
    if (!state.exists) throw new NotFoundError("Lead");
    return [{ type: "LeadDetailsChanged", data: { leadId: command.leadId, changes: { notes: command.text } } }];
  },
};

const metadata = (commandId = randomUUID()): EventMetadata => ({
  actor: "user-1",
  at: "2026-11-21T10:00:00.000Z",
  commandId,
  correlationId: commandId,
});

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `handleCommand on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      const fx = eventStoreFixture(backend);

      async function newLead() {
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        await handleCommand(fx.store, streamId, notes, { type: "Create", leadId }, { metadata: metadata() });
        return { leadId, streamId };
      }

      /** The real store, except that another writer adds a note right after each of the first `times` stream loads. */
      function withWriterBetweenReadAndAppend(leadId: string, times: number): EventStore {
        let left = times;
        return {
          ...fx.store,
          async loadStream(streamId, since) {
            const events = await fx.store.loadStream(streamId, since);
            if (left-- > 0)
              await fx.store.append(streamId, "any", [{ type: "LeadDetailsChanged", data: { leadId, changes: { notes: "theirs" } } }], {
                commandId: randomUUID(),
                metadata: metadata(),
              });
            return events;
          },
        };
      }

      it("decides again on fresh state when another writer appended between read and append", async () => {
        const { leadId, streamId } = await newLead();
        const outcome = await handleCommand(
          withWriterBetweenReadAndAppend(leadId, 2),
          streamId,
          notes,
          { type: "Note", leadId, text: "mine" },
          { metadata: metadata() },
        );
        expect(outcome.version).toBe(4);
        expect(outcome.state.notes).toEqual(["theirs", "theirs", "mine"]);
        expect((await fx.store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
      });

      it("gives up with a 409 when the stream keeps changing", async () => {
        const { leadId, streamId } = await newLead();
        const busy = withWriterBetweenReadAndAppend(leadId, 100);
        await expect(
          handleCommand(busy, streamId, notes, { type: "Note", leadId, text: "mine" }, { metadata: metadata() }),
        ).rejects.toBeInstanceOf(ConflictError);
      });

      it("answers 409 for a body version and 412 for If-Match when the stream moved, without retrying", async () => {
        const { leadId, streamId } = await newLead();
        const note = { type: "Note", leadId, text: "mine" } as const;
        const refusals = [
          { expectedVersion: 1, expectedVersionFrom: "body", error: ConflictError },
          { expectedVersion: 2, expectedVersionFrom: "if-match", error: PreconditionFailedError },
        ] as const;
        for (const { expectedVersion, expectedVersionFrom, error } of refusals) {
          await expect(
            handleCommand(withWriterBetweenReadAndAppend(leadId, 1), streamId, notes, note, {
              metadata: metadata(),
              expectedVersion,
              expectedVersionFrom,
            }),
          ).rejects.toBeInstanceOf(error);
        }
        await expect(
          handleCommand(fx.store, streamId, notes, note, { metadata: metadata(), expectedVersion: 1, expectedVersionFrom: "if-match" }),
        ).rejects.toBeInstanceOf(PreconditionFailedError);
        expect(await fx.store.readStream(streamId)).toHaveLength(3);
      });

      it("replays the first answer for a repeated command id", async () => {
        const { leadId, streamId } = await newLead();
        const meta = metadata();
        const first = await handleCommand(fx.store, streamId, notes, { type: "Note", leadId, text: "once" }, { metadata: meta });
        const again = await handleCommand(fx.store, streamId, notes, { type: "Note", leadId, text: "twice" }, { metadata: meta });
        expect(again).toMatchObject({ streamId, version: first.version, position: first.position, events: [] });
        expect(again.state.notes).toEqual(["once"]);
      });

      it("answers with the winner's stream when a request with the same command id won the race on another stream", async () => {
        const winner = randomUUID();
        const meta = metadata();
        const won = await handleCommand(fx.store, `lead-${winner}`, notes, { type: "Create", leadId: winner }, { metadata: meta });
        // The loser checked for the command id before the winner committed, as two concurrent POSTs do.
        let asked = 0;
        const late: EventStore = { ...fx.store, findCommand: async (id) => (asked++ === 0 ? undefined : fx.store.findCommand(id)) };
        const loser = randomUUID();
        const outcome = await handleCommand(late, `lead-${loser}`, notes, { type: "Create", leadId: loser }, { metadata: meta });
        expect(outcome).toMatchObject({ streamId: `lead-${winner}`, version: 1, position: won.position, events: [] });
        expect(outcome.state.exists).toBe(true);
        expect(await fx.store.readStream(`lead-${loser}`)).toEqual([]);
      });

      /**
       * The real store, noting the mark of every stream load (a store of its own, so the states this
       * process folds with it start empty), with kept stream states, or loaded ones: the fast path
       * FAST_STREAM_STATES on or off, whatever the run's setting.
       */
      function watched({ keep = true } = {}) {
        const marks: (StreamMark | undefined)[] = [];
        const loaded: number[] = [];
        const watching: EventStore = {
          ...fx.store,
          async loadStream(streamId, since) {
            marks.push(since);
            const stream = await fx.store.loadStream(streamId, since);
            loaded.push(stream.events.length);
            return stream;
          },
        };
        useStreamStates(watching, keep ? keptStreamStates(watching) : loadedStreamStates(watching));
        return { store: watching, marks, loaded };
      }

      it("decides on the state its last command left, without loading the stream", async () => {
        const mine = watched();
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        await handleCommand(mine.store, streamId, notes, { type: "Create", leadId }, { metadata: metadata() });
        await handleCommand(mine.store, streamId, notes, { type: "Note", leadId, text: "one" }, { metadata: metadata() });
        const outcome = await handleCommand(mine.store, streamId, notes, { type: "Note", leadId, text: "two" }, { metadata: metadata() });
        expect(outcome).toMatchObject({ version: 3, state: { exists: true, notes: ["one", "two"] } });
        expect(mine.marks).toEqual([undefined]); // only the create looked for the stream
        expect((await fx.store.readStream(streamId)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      });

      it("with its stream states off, loads the whole stream for every command and answers the same", async () => {
        const plain = watched({ keep: false });
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        await handleCommand(plain.store, streamId, notes, { type: "Create", leadId }, { metadata: metadata() });
        await handleCommand(plain.store, streamId, notes, { type: "Note", leadId, text: "one" }, { metadata: metadata() });
        const outcome = await handleCommand(plain.store, streamId, notes, { type: "Note", leadId, text: "two" }, { metadata: metadata() });
        expect(outcome).toMatchObject({ version: 3, state: { exists: true, notes: ["one", "two"] } });
        expect(plain.marks).toEqual([undefined, undefined, undefined]);
        expect(plain.loaded).toEqual([0, 1, 2]); // every event of the stream, every time
      });

      it("loads what another process appended when the append refuses the state it kept", async () => {
        const mine = watched();
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        const note = (on: EventStore, text: string) =>
          handleCommand(on, streamId, notes, { type: "Note", leadId, text }, { metadata: metadata() });
        await handleCommand(mine.store, streamId, notes, { type: "Create", leadId }, { metadata: metadata() });
        await note(mine.store, "one");
        await note(createPostgresEventStore(fx.database.db), "theirs"); // another process: this one's kept state does not know
        const outcome = await note(mine.store, "mine");
        expect(outcome.version).toBe(4);
        expect(outcome.state.notes).toEqual(["one", "theirs", "mine"]);
        expect(mine.marks).toEqual([undefined, { version: 2, rewrites: 0 }]);
        expect(mine.loaded).toEqual([0, 1]); // only the event it did not know
      });

      it("folds a stream whole again once its events were rewritten in place (erasure)", async () => {
        const mine = watched();
        const leadId = randomUUID();
        const streamId = `lead-${leadId}`;
        const note = (text: string) => handleCommand(mine.store, streamId, notes, { type: "Note", leadId, text }, { metadata: metadata() });
        await handleCommand(mine.store, streamId, notes, { type: "Create", leadId }, { metadata: metadata() });
        await note("private");
        await note("more");
        // Rewritten by another process: the append at the kept state's mark is refused by the stream's rewrites count.
        const erase = (e: RecordedEvent) =>
          e.type === "LeadDetailsChanged" && e.data.changes.notes === "private" ? { ...e.data, changes: { notes: "[erased]" } } : e.data;
        // This database has the log only, no ledger: nothing to seal the rewrite in.
        expect(await createPostgresStreamRedactor(fx.database.db, { sealRedactions: async () => undefined }).rewriteStreams([streamId], erase)).toBeGreaterThan(0);
        const outcome = await note("after");
        expect(outcome.version).toBe(4);
        expect(outcome.state.notes).toEqual(["[erased]", "more", "after"]);
        expect(mine.marks).toEqual([undefined, { version: 3, rewrites: 0 }]);
        expect(mine.loaded).toEqual([0, 3]);
      });
    },
  );
}
