import { randomUUID } from "node:crypto";
import { leadStreamId } from "@crm/contracts/lead/stream";
import type { Queryable } from "@crm/infra/db/database";
import { expect } from "vitest";
import type { Send } from "../../reliability/support/contended-leads.ts";

/** A command a client sent under its own Idempotency-Key (`key`), and how far it wanted the lead's stream to go. */
export interface Sent {
  key: string;
  leadId: string;
  /** The version the command named (0 for a creation). */
  from: number;
}

export interface LoadOutcome {
  /** Commands answered 2xx, with the version the answer gave. */
  acknowledged: (Sent & { to: number })[];
  /** Every other answer: its status (0 when the request itself failed) and what it said. */
  failed: (Omit<Sent, "leadId" | "from"> & { status: number; detail: string })[];
}

export interface CommandLoad {
  /** Answers so far. */
  readonly answered: number;
  /** Lets each client finish the command it is sending; resolves to what they were told. */
  stop(): Promise<LoadOutcome>;
}

/**
 * `clients` clients sending commands as fast as they are answered: each creates a lead, then changes
 * the notes of leads it created, or creates another (about one command in four). A client changes
 * only its own leads at the version it was last answered with, so no answer should be a 409.
 */
export function startCommandLoad(send: Send, clients: number, label: string): CommandLoad {
  const outcome: LoadOutcome = { acknowledged: [], failed: [] };
  let running = true;
  const client = async (index: number) => {
    const versions = new Map<string, number>();
    for (let n = 0; running; n++) {
      const key = randomUUID();
      const leads = [...versions.keys()];
      const change = leads.length > 0 && Math.random() < 0.75 ? leads[Math.floor(Math.random() * leads.length)] : undefined;
      const request = change
        ? {
            path: `/api/leads/${change}`,
            method: "PATCH",
            body: { notes: `${label} ${index}.${n}`, expectedVersion: versions.get(change)! },
          }
        : {
            path: "/api/leads",
            method: "POST",
            body: { name: `${label} ${index}.${n}`, business: "Drill Ltd", email: `drill${index}.${n}@example.com` },
          };
      const res = await send(request.path, { method: request.method, body: request.body, headers: { "idempotency-key": key } }).catch(
        (error: unknown) => ({ status: 0, body: { detail: String(error) } }),
      );
      if (res.status !== 200 && res.status !== 201) {
        outcome.failed.push({ key, status: res.status, detail: String(res.body?.detail ?? res.body) });
        continue;
      }
      const leadId: string = change ?? res.body.id;
      outcome.acknowledged.push({ key, leadId, from: change ? versions.get(change)! : 0, to: res.body.version });
      versions.set(leadId, res.body.version);
    }
  };
  const loops = Array.from({ length: clients }, (_, i) => client(i));
  return {
    get answered() {
      return outcome.acknowledged.length + outcome.failed.length;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcome;
    },
  };
}

/**
 * What the log holds of each command sent: every acknowledged one applied exactly once (its events on
 * its lead's stream, from the version it named to the version it was answered with, under its key), and
 * none that was not acknowledged applied at all.
 */
export async function expectEachAcknowledgedOnce(db: Queryable, { acknowledged, failed }: LoadOutcome): Promise<void> {
  const { rows } = await db.query<{ key: string; stream: string; version: number }>(
    "SELECT metadata->>'commandId' AS key, stream_id AS stream, stream_version AS version FROM events WHERE metadata->>'commandId' = ANY($1::text[])",
    [[...acknowledged, ...failed].map((c) => c.key)],
  );
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), `${row.stream}@${row.version}`]);
  const applied = (key: string) => (byKey.get(key) ?? []).sort();
  for (const c of acknowledged) {
    const expected = Array.from({ length: c.to - c.from }, (_, i) => `${leadStreamId(c.leadId)}@${c.from + i + 1}`).sort();
    expect(applied(c.key), `acknowledged command ${c.key}`).toEqual(expected);
  }
  for (const c of failed) expect(applied(c.key), `command ${c.key} answered ${c.status}`).toEqual([]);
}
