import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { leadCreatedEvent } from "@crm/contracts/testing/lead-events";
import { inboundReceivedEvent } from "@crm/contracts/testing/inbound-events";
import { postgresAvailable, type Backend } from "@crm/infra/testing/test-database";
import { activitiesProjection } from "../src/activities/activities.projection.ts";
import { inboundProjection } from "../src/inbound/inbound.projection.ts";
import type { Projection } from "../src/projection.ts";
import { rebuildProjection } from "../src/rebuild.ts";
import { createProjectorRunner } from "../src/runner.ts";
import { drainTo, dumpProjections, openProjectorFixture, type ProjectorFixture } from "./projector-fixture.ts";

const hasPostgres = await postgresAvailable();
const PROJECTIONS: readonly Projection[] = [inboundProjection, activitiesProjection];

interface Row {
  id: string;
  lead_id: string | null;
  status: string;
  from_address: string;
  from_name: string;
  subject: string;
  text: string;
  message_id: string;
  attachments: unknown[];
}

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`inbound projection on ${backend}`, () => {
    let fx: ProjectorFixture;
    const versions = new Map<string, number>();
    let last = "";
    beforeEach(async () => {
      fx = await openProjectorFixture(backend);
      versions.clear();
      last = "";
    });
    afterEach(() => fx.drop());

    async function append(streamId: string, events: DomainEvent[], actor = "user-1") {
      const version = versions.get(streamId) ?? 0;
      const commandId = randomUUID();
      const at = new Date(Date.UTC(2026, 10, 21, 10, 0, versions.size + version)).toISOString();
      const result = await fx.store.append(streamId, version, events, {
        commandId,
        metadata: { actor, at, commandId, correlationId: commandId },
      });
      versions.set(streamId, result.nextVersion);
      if (result.position > last) last = result.position;
    }
    const runner = () =>
      createProjectorRunner({ db: fx.db, store: fx.store, projections: PROJECTIONS, batchSize: 2, log: () => undefined });
    const rows = async () => (await fx.db.query<Row>("SELECT * FROM inbound_emails ORDER BY received_at, id")).rows;

    /** A lead that gets a mail and two replies; an unmatched message assigned to it; another lead's reply, archived with its lead. */
    async function story(lead: string, other: string) {
      const [matched, unmatched, gone, messageId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await append(`lead-${lead}`, [leadCreatedEvent(lead, { email: "ada@client.example" })]);
      await append(`lead-${other}`, [leadCreatedEvent(other, { email: "bob@client.example" })]);
      await append(`message-${messageId}`, [
        {
          type: "EmailRequested",
          data: {
            messageId,
            leadId: lead,
            kind: "message",
            formType: null,
            to: "ada@client.example",
            subject: "Our proposal",
            html: "<p>Hi</p>",
            text: "Hi Ada",
          },
        },
      ]);
      await append(
        `message-${messageId}`,
        [
          {
            type: "EmailSent",
            data: {
              requestId: randomUUID(),
              leadId: lead,
              kind: "message",
              to: "ada@client.example",
              subject: "Our proposal",
              transport: "outbox",
              providerMessageId: null,
              attempts: 1,
            },
          },
        ],
        "system",
      );
      await append(`inbound-${matched}`, [inboundReceivedEvent(lead, { inboundId: matched })], "system");
      await append(
        `inbound-${unmatched}`,
        [inboundReceivedEvent(null, { inboundId: unmatched, subject: "Hello?", from: { address: "eve@else.example", name: "" } })],
        "system",
      );
      await append(`inbound-${gone}`, [inboundReceivedEvent(other, { inboundId: gone })], "system");
      await append(
        `inbound-${randomUUID()}`,
        [
          {
            type: "InboundEmailDiscarded",
            data: { inboundId: randomUUID(), messageId: "<x@y>", channel: "smtp", leadId: other, reason: "lead erased" },
          },
        ],
        "system",
      );
      await append(`inbound-${unmatched}`, [{ type: "InboundEmailAssigned", data: { inboundId: unmatched, leadId: lead } }]);
      await append(`lead-${other}`, [{ type: "LeadArchived", data: { leadId: other, name: "Bob", business: "Biz", reason: null } }]);
      return { matched, unmatched, gone, messageId };
    }

    it("keeps a row per received message, moves an assigned one to its lead, drops archived leads' rows; a rebuild agrees", async () => {
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      const [lead, other] = [randomUUID(), randomUUID()];
      const ids = await story(lead, other);
      await drainTo(runner(), fx.db, PROJECTIONS, last);

      const got = await rows();
      expect(got.map((r) => [r.id, r.lead_id, r.status])).toEqual([
        [ids.matched, lead, "matched"],
        [ids.unmatched, lead, "assigned"],
      ]);
      expect(got[0]).toMatchObject({ from_address: "ada@client.example", from_name: "Ada Lovelace", subject: "Re: Our proposal" });
      const { rows: out } = await fx.db.query<{ id: string; status: string; text: string }>("SELECT id, status, text FROM outbound_emails");
      expect(out).toEqual([{ id: ids.messageId, status: "sent", text: "Hi Ada" }]);
      const { rows: timeline } = await fx.db.query<{ title: string }>(
        "SELECT title FROM activities WHERE lead_id = $1 AND type = 'email_received' ORDER BY position",
        [lead],
      );
      expect(timeline.map((r) => r.title)).toEqual(["Reply from Ada Lovelace: Re: Our proposal", "Email assigned from the inbox"]);

      const incremental = await dumpProjections(fx.db, PROJECTIONS);
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      expect(await dumpProjections(fx.db, PROJECTIONS)).toEqual(incremental);
    });

    it("keeps an unmatched message in the inbox until assigned, and names the inbox and the lead's conversation as topics", async () => {
      const lead = randomUUID();
      const unmatched = inboundReceivedEvent(null);
      const assigned = { type: "InboundEmailAssigned", data: { inboundId: unmatched.data.inboundId, leadId: lead } } as const;
      const recorded = (e: DomainEvent, streamId: string) => ({ ...e, streamId }) as Parameters<Projection["topics"]>[0][number];
      expect(inboundProjection.topics([recorded(unmatched, "inbound-a")])).toEqual(["inbox"]);
      expect(inboundProjection.topics([recorded(assigned, "inbound-a")])).toEqual(["inbox", `conversation:${lead}`]);
      expect(inboundProjection.topics([recorded(inboundReceivedEvent(lead), "inbound-b")])).toEqual([`conversation:${lead}`]);
    });

    it("empties an erased lead's personal fields", async () => {
      for (const projection of PROJECTIONS) await rebuildProjection({ db: fx.db, store: fx.store, projection });
      const [lead, other] = [randomUUID(), randomUUID()];
      const ids = await story(lead, other);
      await append(`lead-${lead}`, [{ type: "LeadErased", data: { leadId: lead, streams: 4, events: 6 } }]);
      await drainTo(runner(), fx.db, PROJECTIONS, last);

      const got = await rows();
      expect(got.map((r) => r.id).sort()).toEqual([ids.matched, ids.unmatched].sort());
      for (const r of got) {
        expect(r).toMatchObject({
          lead_id: lead,
          from_address: "[erased]",
          from_name: "[erased]",
          subject: "[erased]",
          text: "[erased]",
          message_id: "[erased]",
          attachments: [],
        });
      }
      const { rows: out } = await fx.db.query<{ subject: string; text: string; to_address: string }>(
        "SELECT subject, text, to_address FROM outbound_emails",
      );
      expect(out).toEqual([{ subject: "[erased]", text: "[erased]", to_address: "[erased]" }]);
    });
  });
}
