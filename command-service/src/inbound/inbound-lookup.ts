import { inboundEmails } from "@crm/contracts/read-models/inbound";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { foldRecorded } from "../core/decider.ts";
import { inboundDecider, type InboundState } from "./assign.decider.ts";

/**
 * The stream of an inbound message by its id. The stream is named by a digest of the Message-ID
 * (contracts/src/inbound/stream.ts), which the browser never sees, so the inbound read model, which
 * lists the message in the inbox or the conversation the colleague acts from, says where it is.
 * Undefined for an id it does not know.
 */
export async function inboundStreamOf(db: Queryable, inboundId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ stream_id: string }>(`SELECT stream_id FROM ${inboundEmails} WHERE id = $1`, [inboundId]);
  return rows[0]?.stream_id;
}

/** The message as its own stream says now (not the read model); status "none" for an unknown id. */
export async function loadInbound(
  store: EventStore,
  db: Queryable,
  inboundId: string,
): Promise<{ streamId: string | undefined; state: InboundState }> {
  const streamId = await inboundStreamOf(db, inboundId);
  if (!streamId) return { streamId, state: inboundDecider.initialState };
  const state = foldRecorded(inboundDecider, await store.readStream(streamId));
  return { streamId, state: state.status === "received" && state.inboundId !== inboundId ? inboundDecider.initialState : state };
}
