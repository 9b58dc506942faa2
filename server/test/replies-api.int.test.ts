import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { messageStreamId } from "@crm/contracts/messaging/stream";
import { inboundReceivedEvent } from "@crm/contracts/testing/inbound-events";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call, type CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const available = await availableBackends();
const fieldsOf = (result: CallResult) => (result.body.errors as { field: string }[]).map((e) => e.field);

for (const backend of ["postgres", "pglite"] as const) {
  (available.includes(backend) ? describe : describe.skip)(`replies API on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let [ada, bob] = ["", ""];
    let last = "";
    const as = (who: SignedIn) => ({
      get: (p: string) => call(app, p, { bearer: who.token, headers: { "X-Min-Position": last } }),
      post: (p: string, body: unknown) => call(app, p, { method: "POST", bearer: who.token, body }),
    });
    /** Records a message as the intake would, on its own stream. */
    async function receive(event: DomainEvent & { type: "InboundEmailReceived" }, at = new Date().toISOString()) {
      const commandId = randomUUID();
      const result = await app.system.store.append(inboundStreamId(randomUUID().replace(/-/g, "")), 0, [event], {
        commandId,
        metadata: { actor: "system", at, commandId, correlationId: commandId },
      });
      if (result.position > last) last = result.position;
      return event.data.inboundId;
    }
    const lead = async (name: string, email: string) => {
      const created = await as(partner).post("/api/leads", { name, business: "Biz", email });
      expect(created.status).toBe(201);
      last = created.body.position as string;
      return created.body.id as string;
    };

    beforeAll(async () => {
      app = await startTestApp(backend, { MAIL_FROM: "Studio Nine <hello@studio.test>" });
      partner = await signUpAs(app, { role: "Partner" });
      ada = await lead("Ada", "ada@client.example");
      bob = await lead("Bob", "bob@client.example");
    });
    afterAll(() => app.close());

    it("lists only unmatched messages in the inbox, and assigns one once", async () => {
      const loose = await receive(
        inboundReceivedEvent(null, { subject: "Who handles my account?", from: { address: "eve@else.example", name: "Eve" } }),
      );
      const matched = await receive(inboundReceivedEvent(ada));
      const inbox = await as(partner).get("/api/inbox");
      expect(inbox.status).toBe(200);
      const ids = (inbox.body as unknown as { id: string }[]).map((m) => m.id);
      expect(ids).toContain(loose);
      expect(ids).not.toContain(matched);

      const assigned = await as(partner).post(`/api/inbox/${loose}/assign`, { leadId: bob });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ id: loose, leadId: bob });
      last = assigned.body.position as string;
      const again = await as(partner).post(`/api/inbox/${loose}/assign`, { leadId: ada });
      expect(again.status).toBe(409);
      expect(again.headers.get("content-type")).toMatch(/problem\+json/);

      const after = await as(partner).get("/api/inbox");
      expect((after.body as unknown as { id: string }[]).map((m) => m.id)).not.toContain(loose);
      const bobs = await as(partner).get(`/api/leads/${bob}/conversation`);
      expect((bobs.body as unknown as { id: string; status: string }[]).map((m) => [m.id, m.status])).toEqual([[loose, "assigned"]]);
    });

    it("refuses an assignment to an unknown message, an unknown lead, an erased lead, or without a lead", async () => {
      const loose = await receive(inboundReceivedEvent(null));
      await as(partner).get("/api/inbox"); // read it back: the command finds the message's stream through the read model
      expect((await as(partner).post(`/api/inbox/${randomUUID()}/assign`, { leadId: ada })).status).toBe(404);
      expect((await as(partner).post(`/api/inbox/${loose}/assign`, { leadId: randomUUID() })).status).toBe(404);
      const missing = await as(partner).post(`/api/inbox/${loose}/assign`, {});
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing)).toContain("leadId");

      const gone = await lead("Gone", "gone@client.example");
      const erased = await call(app, `/api/leads/${gone}/erase`, { method: "POST", bearer: partner.token, body: { confirmation: "Gone" } });
      expect(erased.status, JSON.stringify(erased.body)).toBeLessThan(300);
      const refused = await as(partner).post(`/api/inbox/${loose}/assign`, { leadId: gone });
      expect(refused.status).toBe(409);
    });

    it("answers a lead's conversation in time order with both directions, and replies in the thread", async () => {
      const carol = await lead("Carol", "carol@client.example");
      const sent = await as(partner).post(`/api/leads/${carol}/send-email`, { subject: "Our proposal", message: "Here it is." });
      expect(sent.status).toBe(202);
      last = sent.body.position as string;
      const replyId = await receive(
        inboundReceivedEvent(carol, {
          subject: "Re: Our proposal",
          messageId: "<reply-1@client.example>",
          inReplyTo: "<first@agency-crm>",
          references: ["<first@agency-crm>"],
          sentAt: new Date(Date.now() + 60_000).toISOString(),
          from: { address: "carol@client.example", name: "Carol" },
        }),
      );
      const thread = await as(partner).get(`/api/leads/${carol}/conversation`);
      expect(thread.status).toBe(200);
      const entries = thread.body as unknown as { id: string; direction: string; subject: string; fromAddress: string; to: string }[];
      expect(entries.map((e) => [e.direction, e.subject])).toEqual([
        ["out", "Our proposal"],
        ["in", "Re: Our proposal"],
      ]);
      expect(entries[0]).toMatchObject({ fromAddress: "Studio Nine <hello@studio.test>", to: "carol@client.example" });
      expect(entries[1]).toMatchObject({ id: replyId, fromAddress: "carol@client.example" });

      const reply = await as(partner).post(`/api/leads/${carol}/send-email`, {
        subject: "Re: Our proposal",
        message: "Monday it is.",
        inReplyTo: replyId,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(202);
      const [requested] = await app.system.store.readStream(messageStreamId(reply.body.id as string));
      expect(requested?.type).toBe("EmailRequested");
      expect(requested?.data).toMatchObject({
        subject: "Re: Our proposal",
        inReplyTo: "<reply-1@client.example>",
        references: ["<first@agency-crm>", "<reply-1@client.example>"],
      });
    });

    it("refuses a reply to another lead's message, or to an id that is no message, naming inReplyTo", async () => {
      const adas = await receive(inboundReceivedEvent(ada));
      await as(partner).get(`/api/leads/${ada}/conversation`);
      for (const inReplyTo of [adas, randomUUID(), "not-an-id"]) {
        const answer = await as(partner).post(`/api/leads/${bob}/send-email`, { subject: "Hi", message: "Hello", inReplyTo });
        expect(answer.status, inReplyTo).toBe(400);
        expect(answer.headers.get("content-type")).toMatch(/problem\+json/);
        expect(fieldsOf(answer)).toContain("inReplyTo");
      }
    });

    it("keeps the inbox and conversations from a Creative Director", async () => {
      const director = await signUpAs(app, { role: "Creative Director" });
      expect((await as(director).get("/api/inbox")).status).toBe(403);
      expect((await as(director).get(`/api/leads/${ada}/conversation`)).status).toBe(403);
    });
  });
}
