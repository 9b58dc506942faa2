import { randomUUID } from "node:crypto";
import type { RecordedEvent } from "@crm/contracts/events/registry";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { foldRecorded } from "@crm/command-service/core/decider";
import { leadDecider } from "@crm/command-service/lead/lead.decider";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { expect } from "vitest";
import type { CallOptions, CallResult } from "../../../testing/http-client.ts";

/**
 * Many clients changing the same few leads at once, and what must hold after (used by
 * reliability/concurrency.int.test.ts on one process and cluster/ behind haproxy).
 */

/** A request as the test's client sends it, signed in as a Partner: to an app in this process, or through a load balancer. */
export type Send = (
  path: string,
  options: Pick<CallOptions, "method" | "body" | "headers">,
) => Promise<Pick<CallResult, "status" | "headers" | "body">>;

export interface Accepted {
  leadId: string;
  commandId: string;
  from: number;
  to: number;
}

export interface Contention {
  accepted: Accepted[];
  /** Answers other than 200, by status. */
  refusals: Map<number, number>;
  /** Changes accepted after one or more 409s. */
  retriedAndAccepted: number;
  /** The latest position an accepted change answered. */
  newest: string;
}

/** One change a client wants made, as a body without the version it will name. */
function randomChange(client: number, n: number): { path: (id: string) => string; method: string; body: Record<string, unknown> } {
  const roll = Math.random();
  if (roll < 0.5) return { method: "PATCH", path: (id) => `/api/leads/${id}`, body: { notes: `client ${client} change ${n}` } };
  if (roll < 0.75) return { method: "PATCH", path: (id) => `/api/leads/${id}`, body: { priority: ["high", "medium", "low"][n % 3] } };
  return { method: "POST", path: (id) => `/api/leads/${id}/move`, body: { stage: LEAD_STAGES[Math.floor(Math.random() * 5)] } };
}

/**
 * `clients` clients, each changing random leads of `versions` (id to the version it has) until `until`,
 * naming the version it knows under an Idempotency-Key of its own; a 409 tells it the version to retry with.
 */
export async function contend(send: Send, versions: ReadonlyMap<string, number>, clients: number, until: number): Promise<Contention> {
  const outcome: Contention = { accepted: [], refusals: new Map(), retriedAndAccepted: 0, newest: "" };
  const ids = [...versions.keys()];
  const client = async (index: number) => {
    const known = new Map(versions);
    for (let n = 0; Date.now() < until; n++) {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const change = randomChange(index, n);
      for (let attempt = 0; attempt < 100 && Date.now() < until + 10_000; attempt++) {
        const from = known.get(id)!;
        const commandId = randomUUID();
        const res = await send(change.path(id), {
          method: change.method,
          body: { ...change.body, expectedVersion: from },
          headers: { "idempotency-key": commandId },
        });
        if (res.status === 200) {
          outcome.accepted.push({ leadId: id, commandId, from, to: res.body.version });
          known.set(id, res.body.version);
          if (res.body.position > outcome.newest) outcome.newest = res.body.position;
          if (attempt > 0) outcome.retriedAndAccepted++;
          break;
        }
        outcome.refusals.set(res.status, (outcome.refusals.get(res.status) ?? 0) + 1);
        const actual = /version (\d+)/.exec(res.body?.detail ?? "");
        if (res.status !== 409 || !actual) break; // not retryable: the caller's assertions report it
        known.set(id, Number(actual[1]));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return outcome;
}

/**
 * The lead's stream as the log holds it, checked against what was accepted: contiguous versions,
 * every event after the creation from exactly one accepted command, at the versions it was answered with.
 */
export async function expectStreamKeepsAccepted(store: EventStore, id: string, accepted: readonly Accepted[]): Promise<RecordedEvent[]> {
  const stream = await store.readStream(leadStreamId(id));
  // Contiguous: version i is the i-th event.
  expect(stream.map((e) => e.streamVersion)).toEqual(stream.map((_, i) => i + 1));
  const byCommand = new Map(accepted.map((a) => [a.commandId, a]));
  for (const event of stream.slice(1)) {
    const command = byCommand.get(event.metadata.commandId);
    expect(command, `event ${event.streamVersion} of ${id} has no accepted command`).toBeDefined();
    expect(event.streamVersion > command!.from && event.streamVersion <= command!.to).toBe(true);
  }
  for (const a of accepted.filter((x) => x.leadId === id)) {
    expect(stream.filter((e) => e.metadata.commandId === a.commandId).length, `command ${a.commandId}`).toBe(a.to - a.from);
  }
  return stream;
}

/** GET /api/leads/:id (at the newest accepted position) equals the fold of the lead's stream. */
export async function expectReadModelAgrees(send: Send, id: string, stream: RecordedEvent[], newest: string): Promise<void> {
  const state = foldRecorded(leadDecider, stream);
  if (state.status !== "open") throw new Error(`lead ${id} is ${state.status}`);
  const read = () => send(`/api/leads/${id}`, { headers: { "x-min-position": newest } });
  let res = await read();
  for (let i = 0; i < 30 && res.headers.get("x-stale") === "true"; i++) res = await read();
  expect(res.status).toBe(200);
  expect(res.headers.get("x-stale")).toBeNull();
  const { name, business, email, phone, source, priority, notes, proposalLink, contractStatus } = res.body;
  expect({
    ...{ name, business, email, phone, source, priority, notes, proposalLink, contractStatus },
    stage: res.body.stage,
    version: res.body.version,
  }).toEqual({
    ...state.details,
    stage: state.stage,
    version: stream.length,
  });
}
