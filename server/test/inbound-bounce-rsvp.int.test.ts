import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainEvent } from "@crm/contracts/events/registry";
import { inboundStreamId } from "@crm/contracts/inbound/stream";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { meetingStreamId } from "@crm/contracts/meeting/stream";
import { inboundReactor } from "@crm/command-service/reactors/inbound.reactor";
import { messagingReactors } from "@crm/command-service/reactors/start-reactors";
import { createReactorRunner, type ReactorRunner } from "@crm/infra/reactor/reactor-runner";
import { runReactorPast } from "@crm/infra/testing/reactor-catch-up";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

const available = await availableBackends();

const START = "2030-03-05T09:00:00.000Z";
const END = "2030-03-05T10:00:00.000Z";
const DIAGNOSTIC = "550 5.1.1 <ana@client.test>: Recipient address rejected: User unknown in virtual mailbox table";
const REFUSAL = `Mail to ana@client.test bounced (${DIAGNOSTIC}); change the lead's email to send again.`;

type Received = Extract<DomainEvent, { type: "InboundEmailReceived" }>["data"];

/** An inbound message as the intake records it (H5's record-inbound): a bounce or an RSVP matched to a lead. */
function received(leadId: string, over: Partial<Received>): Received {
  return {
    inboundId: randomUUID(),
    messageId: `<${randomUUID()}@mx.client.test>`,
    channel: "smtp",
    kind: "message",
    leadId,
    matchedBy: "address",
    from: { address: "mailer-daemon@mx.client.test", name: "Mail Delivery System" },
    to: ["replies@mail.agency.test"],
    subject: "Undelivered Mail Returned to Sender",
    text: "",
    inReplyTo: null,
    references: [],
    sentAt: "2026-11-27T09:00:00.000Z",
    attachments: [],
    bounce: null,
    rsvp: null,
    ...over,
  };
}

for (const backend of ["postgres", "pglite"] as const) {
  (available.includes(backend) ? describe : describe.skip)(`bounces and RSVPs on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let runner: ReactorRunner;
    const as = (who: SignedIn) => ({
      get: (p: string, position?: string) =>
        call(app, p, { bearer: who.token, ...(position ? { headers: { "X-Min-Position": position } } : {}) }),
      post: (p: string, body: unknown) => call(app, p, { method: "POST", bearer: who.token, body }),
      patch: (p: string, body: unknown) => call(app, p, { method: "PATCH", bearer: who.token, body }),
    });
    /** Records a message as the intake does, then lets the inbound reactor act on everything recorded so far. */
    async function receive(data: Received) {
      const { store, now } = app.system;
      const metadata = { actor: "system", at: now().toISOString(), commandId: `intake-${data.inboundId}`, correlationId: data.inboundId };
      const { position } = await store.append(inboundStreamId(data.inboundId), 0, [{ type: "InboundEmailReceived", data }], {
        commandId: metadata.commandId,
        metadata,
      });
      await handled(position);
    }
    /** The inbound reactor has handled everything up to position. */
    const handled = (position: string) => runReactorPast(runner, app.system.db, inboundReactor(app.system).name, position);
    const streamOf = (id: string) => app.system.store.readStream(id);
    const typesOf = async (streamId: string) => (await streamOf(streamId)).map((e) => e.type);
    async function createLead(email: string) {
      const lead = await as(partner).post("/api/leads", { name: "Ana Diaz", business: "Client Co", email });
      expect(lead.status).toBe(201);
      return lead.body.id as string;
    }

    beforeAll(async () => {
      app = await startTestApp(backend);
      runner = createReactorRunner({
        db: app.system.db,
        store: app.system.store,
        reactor: inboundReactor(app.system),
        log: () => undefined,
      });
      partner = await signUpAs(app, { role: "Partner" });
    });
    afterAll(async () => {
      await app?.close();
    });

    it("runs among the messaging reactors, under its own checkpoint name", () => {
      const { system } = app;
      const { reactors, close } = messagingReactors({ db: system.db, store: system.store, config: system.config, now: system.now });
      close();
      expect(reactors.map((r) => r.name)).toContain("inbound");
    });

    it("marks a bounced email, refuses every send to it with the reason, and sends again once the email is edited", async () => {
      const leadId = await createLead("Ana@Client.test");
      const bounce = received(leadId, {
        kind: "bounce",
        bounce: { recipient: "ana@client.test", status: "5.1.1", reason: DIAGNOSTIC, originalMessageId: "<sent-1@agency-crm>" },
      });
      await receive(bounce);
      const marked = await streamOf(leadStreamId(leadId));
      expect(marked.filter((e) => e.type === "LeadEmailBounced").map((e) => e.data)).toEqual([
        { leadId, address: "Ana@Client.test", status: "5.1.1", reason: DIAGNOSTIC, inboundId: bounce.inboundId },
      ]);

      const lead = await as(partner).get(`/api/leads/${leadId}`, marked.at(-1)!.position);
      expect(lead.body.emailUndeliverable).toEqual({
        address: "Ana@Client.test",
        status: "5.1.1",
        reason: DIAGNOSTIC,
        at: marked.at(-1)!.metadata.at,
      });
      const refused = { detail: REFUSAL.replace("ana@client.test bounced", "Ana@Client.test bounced") };

      const before = await app.system.store.currentPosition();
      const sends = [
        await as(partner).post(`/api/leads/${leadId}/send-email`, { subject: "Proposal", message: "Here it is" }),
        await as(partner).post(`/api/leads/${leadId}/send-form`, {
          formType: "questionnaire",
          to: "ANA@client.test",
          subject: "",
          message: "",
        }),
        await as(partner).post("/api/send-email", { leadId, to: "ana@client.test", subject: "Welcome" }),
        await as(partner).post("/api/meetings", {
          leadId,
          title: "Kickoff",
          meetingType: "in-person",
          location: "Studio",
          startTime: START,
          endTime: END,
        }),
      ];
      for (const answer of sends) {
        expect(answer.status).toBe(409);
        expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(answer.body).toMatchObject(refused);
      }
      expect(await app.system.store.currentPosition()).toBe(before);

      // Another address of the lead's is not refused.
      expect(
        (
          await as(partner).post(`/api/leads/${leadId}/send-form`, {
            formType: "questionnaire",
            to: "office@client.test",
            subject: "",
            message: "",
          })
        ).status,
      ).toBe(202);

      // The same report again, another report of the same address, and a delay append nothing more.
      await runner.runOnce();
      await inboundReactor(app.system).handle((await streamOf(inboundStreamId(bounce.inboundId)))[0]!);
      await receive(received(leadId, { kind: "bounce", bounce: { ...bounce.bounce!, reason: "mailbox gone" } }));
      await receive(
        received(leadId, {
          kind: "bounce",
          bounce: { recipient: "ana@client.test", status: "4.4.1", reason: "delayed (4.4.1)", originalMessageId: null },
        }),
      );
      expect((await typesOf(leadStreamId(leadId))).filter((t) => t === "LeadEmailBounced")).toHaveLength(1);

      const edited = await as(partner).patch(`/api/leads/${leadId}`, { email: "ana.diaz@client.test" });
      expect(edited.status).toBe(200);
      expect(edited.body.emailUndeliverable).toBeNull();
      expect((await as(partner).get(`/api/leads/${leadId}`, edited.body.position)).body.emailUndeliverable).toBeNull();
      expect((await as(partner).post(`/api/leads/${leadId}/send-email`, { subject: "Proposal", message: "Here it is" })).status).toBe(202);

      // A late report about the old address finds it is no longer the lead's email.
      await receive(received(leadId, { kind: "bounce", bounce: { ...bounce.bounce!, reason: "still unknown" } }));
      expect((await typesOf(leadStreamId(leadId))).filter((t) => t === "LeadEmailBounced")).toHaveLength(1);

      const timeline = await as(partner).get(`/api/activities?leadId=${leadId}`, edited.body.position);
      expect(timeline.body).toContainEqual(expect.objectContaining({ title: "Mail to Ana@Client.test bounced", description: DIAGNOSTIC }));
    });

    it("records an attendee's answer on the meeting, unless it answers an older SEQUENCE or the meeting was cancelled", async () => {
      const leadId = await createLead("bo@client.test");
      const scheduled = await as(partner).post("/api/meetings", {
        leadId,
        title: "Kickoff",
        meetingType: "in-person",
        location: "Studio",
        startTime: START,
        endTime: END,
      });
      expect(scheduled.status).toBe(201);
      expect(scheduled.body.responses).toEqual([]);
      const meetingId = scheduled.body.id as string;
      const uid = `${meetingId}@agency-crm`;
      const rsvp = (response: "accepted" | "declined" | "tentative", sequence: number) =>
        received(leadId, { kind: "rsvp", subject: `Reply: Kickoff`, rsvp: { uid, attendee: "bo@client.test", response, sequence } });
      const meetingOf = async () => {
        const events = await streamOf(meetingStreamId(meetingId));
        const listed = await as(partner).get(`/api/meetings?leadId=${leadId}`, events.at(-1)!.position);
        return { events, meeting: listed.body[0] };
      };

      const accepted = rsvp("accepted", 0);
      await receive(accepted);
      let { events, meeting } = await meetingOf();
      const answered = events.filter((e) => e.type === "MeetingRsvpReceived");
      expect(answered.map((e) => e.data)).toEqual([
        { meetingId, leadId, title: "Kickoff", attendee: "bo@client.test", response: "accepted", inboundId: accepted.inboundId },
      ]);
      expect(meeting.responses).toEqual([{ attendee: "bo@client.test", response: "accepted", at: answered[0]!.metadata.at }]);

      // Redelivered: nothing twice.
      await inboundReactor(app.system).handle((await streamOf(inboundStreamId(accepted.inboundId)))[0]!);
      expect((await typesOf(meetingStreamId(meetingId))).filter((t) => t === "MeetingRsvpReceived")).toHaveLength(1);

      // Moved: the answers start over, and an answer to the old time (SEQUENCE 0) changes nothing.
      const moved = await as(partner).patch(`/api/meetings/${meetingId}`, {
        startTime: "2030-03-06T09:00:00.000Z",
        endTime: "2030-03-06T10:00:00.000Z",
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ sequence: 1, responses: [] });
      const versionAfterMove = (await streamOf(meetingStreamId(meetingId))).length;
      await receive(rsvp("declined", 0));
      ({ events, meeting } = await meetingOf());
      expect(events).toHaveLength(versionAfterMove);
      expect(meeting.responses).toEqual([]);

      await receive(rsvp("tentative", 1));
      ({ events, meeting } = await meetingOf());
      expect(meeting.responses).toEqual([{ attendee: "bo@client.test", response: "tentative", at: events.at(-1)!.metadata.at }]);

      const timeline = await as(partner).get(`/api/activities?leadId=${leadId}`, events.at(-1)!.position);
      const titles = (timeline.body as { title: string }[]).map((a) => a.title);
      expect(titles).toEqual(expect.arrayContaining(["bo@client.test accepted Kickoff", "bo@client.test tentatively accepted Kickoff"]));

      // Cancelled: an answer after that is not recorded.
      expect((await as(partner).post(`/api/meetings/${meetingId}/cancel`, {})).status).toBe(200);
      const versionAfterCancel = (await streamOf(meetingStreamId(meetingId))).length;
      await receive(rsvp("accepted", 2));
      expect(await streamOf(meetingStreamId(meetingId))).toHaveLength(versionAfterCancel);
    });

    it("keeps neither the bounced address nor the answer's attendee once the lead is erased", async () => {
      const address = "zork.quendor@client.test";
      const leadId = await createLead(address);
      const scheduled = await as(partner).post("/api/meetings", {
        leadId,
        title: "Intro",
        meetingType: "in-person",
        location: "Studio",
        startTime: START,
        endTime: END,
      });
      const answer = { uid: `${scheduled.body.id}@agency-crm`, attendee: address, response: "accepted" as const, sequence: 0 };
      await receive(received(leadId, { kind: "rsvp", rsvp: answer, from: { address, name: "" }, to: [], subject: "" }));
      const bounce = { recipient: address, status: "5.1.1", reason: "User unknown", originalMessageId: null };
      await receive(
        received(leadId, { kind: "bounce", bounce, from: { address: "mailer-daemon@mx.test", name: "" }, to: [], subject: "" }),
      );
      expect(await typesOf(leadStreamId(leadId))).toContain("LeadEmailBounced");
      expect(await typesOf(meetingStreamId(scheduled.body.id))).toContain("MeetingRsvpReceived");

      await as(partner).get(`/api/meetings?leadId=${leadId}`, await app.system.store.currentPosition());
      expect(await tablesContaining(app.system.db, "zork.quendor")).toEqual(expect.arrayContaining(["leads", "meetings"]));

      const erased = await as(partner).post(`/api/leads/${leadId}/erase`, { confirmation: "ERASE" });
      expect(erased.status).toBe(200);
      await app.system.background.idle();
      await as(partner).get(`/api/leads/${leadId}/history`, await app.system.store.currentPosition());
      expect(await tablesContaining(app.system.db, "zork.quendor")).toEqual([]);
    });

    it("acts on an unmatched bounce once a colleague assigns it to the lead", async () => {
      const leadId = await createLead("eve@client.test");
      const bounce = { recipient: "eve@client.test", status: "5.1.1", reason: "User unknown", originalMessageId: null };
      const unmatched = { ...received(leadId, { kind: "bounce", bounce }), leadId: null, matchedBy: "none" as const };
      await receive(unmatched);
      expect(await typesOf(leadStreamId(leadId))).not.toContain("LeadEmailBounced");

      const { store, now } = app.system;
      const metadata = {
        actor: partner.accountId,
        at: now().toISOString(),
        commandId: `assign-${unmatched.inboundId}`,
        correlationId: unmatched.inboundId,
      };
      const assigned = await store.append(
        inboundStreamId(unmatched.inboundId),
        1,
        [{ type: "InboundEmailAssigned", data: { inboundId: unmatched.inboundId, leadId } }],
        {
          commandId: metadata.commandId,
          metadata,
        },
      );
      await handled(assigned.position);
      expect(await typesOf(leadStreamId(leadId))).toContain("LeadEmailBounced");
    });

    it("records no answer for a meeting of another lead, and none from an unmatched message", async () => {
      const leadId = await createLead("cy@client.test");
      const otherLead = await createLead("dee@client.test");
      const scheduled = await as(partner).post("/api/meetings", {
        leadId,
        title: "Intro",
        meetingType: "in-person",
        location: "Studio",
        startTime: START,
        endTime: END,
      });
      const meetingId = scheduled.body.id as string;
      const answer = { uid: `${meetingId}@agency-crm`, attendee: "cy@client.test", response: "declined" as const, sequence: 0 };
      await receive(received(otherLead, { kind: "rsvp", rsvp: answer }));
      await receive({ ...received(leadId, { kind: "rsvp", rsvp: answer }), leadId: null, matchedBy: "none" });
      expect(await typesOf(meetingStreamId(meetingId))).not.toContain("MeetingRsvpReceived");
    });
  });
}
