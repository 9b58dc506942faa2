import { randomUUID } from "node:crypto";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { leadCreatedEvent, stageChangedEvent } from "@crm/contracts/testing/lead-events";

export interface Traffic {
  /** Stops appending and resolves to the number of events appended. */
  stop(): Promise<number>;
}

const metadata = (commandId: string) => ({ actor: "reliability-test", at: new Date().toISOString(), commandId, correlationId: commandId });

/**
 * Appends lead events through the event store, as the command service does: new leads and stage
 * changes of leads created earlier, `writers` appends in flight at a time, until stopped.
 */
export function startLeadTraffic(store: EventStore, writers = 4): Traffic {
  let running = true;
  let appended = 0;
  async function once(leads: { id: string; version: number; stage: number }[]) {
    const known = leads.length > 0 && Math.random() < 0.6 ? leads[Math.floor(Math.random() * leads.length)] : undefined;
    const commandId = randomUUID();
    if (known && known.stage < LEAD_STAGES.length - 1) {
      const event = stageChangedEvent(known.id, LEAD_STAGES[known.stage]!, LEAD_STAGES[known.stage + 1]!);
      await store.append(`lead-${known.id}`, known.version, [event], { commandId, metadata: metadata(commandId) });
      known.stage += 1;
      known.version += 1;
    } else {
      const id = randomUUID();
      const event = leadCreatedEvent(id, { name: `Live ${appended}`, business: "Studio", email: `live${appended}@example.com` });
      await store.append(`lead-${id}`, 0, [event], { commandId, metadata: metadata(commandId) });
      leads.push({ id, version: 1, stage: 0 });
    }
    appended += 1;
  }
  // Each writer changes only the leads it created: no conflicts, every append counts.
  const loops = Array.from({ length: writers }, async () => {
    const leads: { id: string; version: number; stage: number }[] = [];
    while (running) await once(leads);
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return appended;
    },
  };
}
