import type { EventMetadata } from "@crm/contracts/events/registry";
import { BOOTSTRAP_STREAM_ID } from "@crm/contracts/user/stream";
import { StreamVersionConflictError, type EventStore } from "@crm/infra/event-store/event-store";

async function claimant(store: EventStore): Promise<string | undefined> {
  const [first] = await store.readStream(BOOTSTRAP_STREAM_ID);
  return first?.type === "SystemBootstrapped" ? first.data.partnerId : undefined;
}

/**
 * Tries to make userId the first Partner of an empty system. The claim is one event appended with
 * expected version 0, so of two concurrent first registrations exactly one wins. Answers whether
 * userId holds the claim (also when it won it earlier and its registration did not finish).
 */
export async function claimBootstrap(store: EventStore, userId: string, metadata: EventMetadata): Promise<boolean> {
  const holder = await claimant(store);
  if (holder !== undefined) return holder === userId;
  try {
    await store.append(BOOTSTRAP_STREAM_ID, 0, [{ type: "SystemBootstrapped", data: { partnerId: userId } }], {
      commandId: `${metadata.commandId}:bootstrap`,
      metadata,
    });
  } catch (error) {
    if (!(error instanceof StreamVersionConflictError)) throw error;
  }
  return (await claimant(store)) === userId;
}
