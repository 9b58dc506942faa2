import type { RecordedEvent } from "@crm/contracts/events/registry";
import type { User } from "@crm/contracts/user/user";
import { userStreamId } from "@crm/contracts/user/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { foldRecorded } from "../core/decider.ts";
import { toUser, userDecider, type UserState } from "./user.decider.ts";

/** A user's state from the events of its stream. */
const userStateOf = (events: readonly RecordedEvent[]): UserState => foldRecorded(userDecider, events);

/** A user's current state from its own stream: a handful of events, always up to date. */
export async function loadUserState(store: EventStore, userId: string): Promise<UserState> {
  return userStateOf(await store.readStream(userStreamId(userId)));
}

/**
 * The staff record authorization uses. It folds the stream instead of reading the users read
 * model so that an approval, a rejection or a role change counts from the very next request.
 */
export async function loadUser(store: EventStore, userId: string): Promise<User | null> {
  return toUser(await loadUserState(store, userId));
}

/** The same staff record from its stream already read (the session query brings it along). */
export const userOf = (stream: readonly RecordedEvent[]): User | null => toUser(userStateOf(stream));
