import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { call, type CallResult } from "../testing/http-client.ts";
import type { SignedIn } from "../testing/sign-up-as.ts";
import type { TestApp } from "../testing/test-app.ts";

/**
 * Lead histories written straight to the log at chosen instants (the commands stamp every event
 * with now, and a report about past days needs days past), read back through the HTTP app once
 * the read models have passed every append.
 */
export function reportHistory(app: () => TestApp) {
  let last = "";
  const versions = new Map<string, number>();

  /** Appends one event to a lead's stream as `actor`, stamped `at`. */
  async function append(leadId: string, at: string, event: DomainEvent, actor: string) {
    const streamId = `lead-${leadId}`;
    const version = versions.get(streamId) ?? 0;
    const commandId = randomUUID();
    const { position } = await app().system.store.append(streamId, version, [event], {
      commandId,
      metadata: { actor, at, commandId, correlationId: commandId },
    });
    versions.set(streamId, version + 1);
    if (position > last) last = position;
  }

  /** A lead created at `at` by (and so owned by) `actor`: its id. */
  async function createLead(at: string, actor: string, fields: Parameters<typeof leadCreatedEvent>[1] = {}) {
    const leadId = randomUUID();
    await append(leadId, at, leadCreatedEvent(leadId, { email: `${leadId.slice(0, 8)}@example.com`, ...fields }), actor);
    return leadId;
  }

  /** A GET as `who` once the read models have every append and every command this helper saw. */
  async function get(who: SignedIn, path: string): Promise<CallResult> {
    let result: CallResult;
    // On a shared Postgres another database's long transaction may hold the log back: ask again rather than fail on timing.
    for (let attempt = 0; ; attempt++) {
      result = await call(app(), path, { bearer: who.token, headers: { "X-Min-Position": last } });
      if (result.headers.get("x-stale") !== "true" || attempt >= 30) break;
    }
    expect(result.headers.get("x-stale")).toBeNull();
    return result;
  }

  /** A command as `who`; its position is waited for by the next get. */
  async function send(who: SignedIn, method: string, path: string, body: unknown = {}): Promise<CallResult> {
    const result = await call(app(), path, { method, bearer: who.token, body });
    const position = result.body?.position;
    if (typeof position === "string" && position > last) last = position;
    return result;
  }

  return { append, createLead, get, send };
}
