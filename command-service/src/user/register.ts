import { ConflictError } from "@crm/contracts/api/errors";
import type { EventMetadata } from "@crm/contracts/events/registry";
import { userStreamId } from "@crm/contracts/user/stream";
import type { UserRole } from "@crm/contracts/user/user";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { handleCommand, type CommandOutcome } from "../core/command-handler.ts";
import { claimBootstrap } from "./bootstrap.ts";
import { userDecider, type UserState } from "./user.decider.ts";
import { loadUserState } from "./user-state.ts";

export interface AccessRequest {
  userId: string;
  email: string;
  displayName: string;
  role: UserRole;
}

/**
 * The access request of a signed-in account. On an empty system the first one to claim the
 * bootstrap becomes Partner at once; everyone else waits for a Partner's approval.
 */
export async function requestAccess(
  store: EventStore,
  request: AccessRequest,
  metadata: EventMetadata,
): Promise<CommandOutcome<UserState>> {
  let bootstrap = false;
  // A repeated Idempotency-Key goes straight to the command handler, which answers as the first time.
  if (!(await store.findCommand(metadata.commandId))) {
    const current = await loadUserState(store, request.userId);
    // Checked before the claim, so someone already registered never takes the bootstrap.
    if (current.status === "pending" || current.status === "approved") throw new ConflictError("You have already requested access.");
    bootstrap = await claimBootstrap(store, request.userId, metadata);
  }
  return handleCommand(
    store,
    userStreamId(request.userId),
    userDecider,
    { type: "RequestAccess", ...request, approval: bootstrap ? "bootstrap" : "none", at: metadata.at },
    { metadata },
  );
}

/** An account approved by an operator (the CLI). An approved Partner also ends the bootstrap window. */
export async function requestApprovedAccess(
  store: EventStore,
  request: AccessRequest,
  metadata: EventMetadata,
): Promise<CommandOutcome<UserState>> {
  if (request.role === "Partner") await claimBootstrap(store, request.userId, metadata);
  return handleCommand(
    store,
    userStreamId(request.userId),
    userDecider,
    { type: "RequestAccess", ...request, approval: "operator", at: metadata.at },
    { metadata },
  );
}
