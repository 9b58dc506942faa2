import type { User } from "@crm/contracts/user/user";
import { userStreamId } from "@crm/contracts/user/stream";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { fold, type EventEnvelope } from "../shared/decider.ts";
import { toUser, userDecider, type UserEvent, type UserState } from "./user.decider.ts";

/** A user's current state from its own stream: a handful of events, always up to date. */
export async function loadUserState(store: EventStore, userId: string): Promise<UserState> {
  const events = await store.readStream(userStreamId(userId));
  return fold(userDecider, events as unknown as EventEnvelope<UserEvent>[]);
}

/**
 * The staff record authorization uses. It folds the stream instead of reading the users read
 * model so that an approval, a rejection or a role change counts from the very next request.
 */
export async function loadUser(store: EventStore, userId: string): Promise<User | null> {
  return toUser(await loadUserState(store, userId));
}
