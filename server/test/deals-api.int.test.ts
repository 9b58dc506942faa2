import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessagingReactors } from "@crm/command-service/reactors/start-reactors";
import { LEAD_LOST } from "@crm/command-service/lead/lead.decider";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { parseMail, type ParsedMail } from "@crm/infra/testing/smtp-test-server";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call, type CallResult } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

/** Deals on the command side (docs/product.md, "Deals"): owner, value, lost and reopened, archived and restored, the owner's mail. */

const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

const fieldsOf = (result: CallResult) => ((result.body?.errors ?? []) as { field: string }[]).map((e) => e.field);

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + EVENTUALLY.timeout;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, EVENTUALLY.interval));
  }
}

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`deals API on ${backend}`, () => {
    let app: TestApp;
    let partner: SignedIn;
    let manager: SignedIn;
    let director: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(backend, { PUBLIC_URL: "https://crm.example", MAIL_FROM: "Studio Nine <hello@studio.test>" });
      partner = await signUpAs(app, { role: "Partner", displayName: "Pat Partner" });
      manager = await signUpAs(app, { role: "Project Manager", displayName: "Max Manager" });
      director = await signUpAs(app, { role: "Creative Director" });
    });
    afterAll(() => app?.close());

    const as = (who: SignedIn) => ({
      post: (p: string, body?: unknown) => call(app, p, { method: "POST", bearer: who.token, ...(body !== undefined ? { body } : {}) }),
      patch: (p: string, body: unknown) => call(app, p, { method: "PATCH", bearer: who.token, body }),
    });
    const idOf = (who: SignedIn) => who.user!.id;

    async function createLead(name = "Ada", business = "Lovelace Co"): Promise<string> {
      const created = await as(partner).post("/api/leads", { name, business, email: `${randomUUID().slice(0, 8)}@example.com` });
      expect(created.status).toBe(201);
      return created.body.id as string;
    }

    it("edits the deal and its owner; only an active Partner or Project Manager may own it", async () => {
      const id = await createLead();
      const created = await as(partner).patch(`/api/leads/${id}`, {});
      expect(created.body).toMatchObject({ assignedTo: idOf(partner), valueMinor: null, status: "open", wonAt: null, closedAt: null });

      const edited = await as(manager).patch(`/api/leads/${id}`, {
        assignedTo: idOf(manager),
        valueMinor: 1_250_000,
        expectedCloseOn: "2026-12-31",
        probability: 40,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        assignedTo: idOf(manager),
        valueMinor: 1_250_000,
        expectedCloseOn: "2026-12-31",
        probability: 40,
      });
      const types = (await app.system.store.readStream(leadStreamId(id))).map((e) => e.type);
      expect(types).toEqual(["LeadCreated", "LeadOwnerChanged", "LeadDealChanged"]);

      for (const owner of [idOf(director), randomUUID()]) {
        const refused = await as(partner).patch(`/api/leads/${id}`, { assignedTo: owner });
        expect(refused.status).toBe(400);
        expect(fieldsOf(refused)).toEqual(["assignedTo"]);
      }
      const bad = await as(partner).patch(`/api/leads/${id}`, { valueMinor: -1, expectedCloseOn: "31/12/2026", probability: 101 });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad).sort()).toEqual(["expectedCloseOn", "probability", "valueMinor"]);

      const won = await as(partner).post(`/api/leads/${id}/move`, { stage: "Contract Signed" });
      expect(won.status).toBe(200);
      expect(won.body.wonAt).toEqual(expect.any(String));
      const back = await as(partner).patch(`/api/leads/${id}`, { stage: "Proposal Sent" });
      const again = await as(partner).patch(`/api/leads/${id}`, { stage: "Active" });
      expect([back.body.wonAt, again.body.wonAt]).toEqual([won.body.wonAt, won.body.wonAt]);
    });

    it("reassigns leads in bulk, each with its own outcome, and answers the last position", async () => {
      const [open, mine, lost] = [await createLead("Bea"), await createLead("Cy"), await createLead("Di")];
      expect((await as(partner).patch(`/api/leads/${mine}`, { assignedTo: idOf(manager) })).status).toBe(200);
      expect((await as(partner).post(`/api/leads/${lost}/lose`, { reason: "Budget" })).status).toBe(200);
      const missing = randomUUID();
      const answer = await as(manager).post("/api/leads/reassign", { leadIds: [open, mine, missing, lost], assignedTo: idOf(manager) });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        position: expect.any(String),
        results: [
          { leadId: open, status: "reassigned" },
          { leadId: mine, status: "unchanged" },
          { leadId: missing, status: "not found" },
          { leadId: lost, status: "closed" },
        ],
      });
      const lastOwnerChange = (await app.system.store.readStream(leadStreamId(open))).at(-1)!;
      expect(lastOwnerChange).toMatchObject({ type: "LeadOwnerChanged", position: answer.body.position });

      const refused = await as(partner).post("/api/leads/reassign", { leadIds: [open], assignedTo: idOf(director) });
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused)).toEqual(["assignedTo"]);
      expect(fieldsOf(await as(partner).post("/api/leads/reassign", { leadIds: [], assignedTo: idOf(manager) }))).toEqual(["leadIds"]);
    });

    it("closes a lead as lost with one of the agency's reasons, refuses other commands, and reopens it where it was", async () => {
      const id = await createLead();
      expect((await as(partner).post(`/api/leads/${id}/move`, { stage: "Proposal Sent" })).status).toBe(200);
      const notAReason = await as(manager).post(`/api/leads/${id}/lose`, { reason: "Ghosted" });
      expect(notAReason.status).toBe(400);
      expect(fieldsOf(notAReason)).toEqual(["reason"]);

      // The agency's own list decides.
      expect((await as(partner).patch("/api/settings", { lostReasons: ["Ghosted", "Budget"] })).status).toBe(200);
      const lost = await as(manager).post(`/api/leads/${id}/lose`, { reason: "Ghosted", note: "No answer since May" });
      expect(lost.status).toBe(200);
      expect(lost.body).toMatchObject({
        id,
        status: "lost",
        stage: "Proposal Sent",
        lostReason: "Ghosted",
        lostNote: "No answer since May",
      });
      expect(lost.body.closedAt).toEqual(expect.any(String));

      for (const refused of [
        await as(partner).patch(`/api/leads/${id}`, { notes: "still there?" }),
        await as(partner).post(`/api/leads/${id}/move`, { stage: "Contacted" }),
        await as(partner).post(`/api/leads/${id}/lose`, { reason: "Budget" }),
      ]) {
        expect(refused.status).toBe(409);
        expect(refused.body.detail).toBe(LEAD_LOST);
      }

      const reopened = await as(manager).post(`/api/leads/${id}/reopen`);
      expect(reopened.status).toBe(200);
      expect(reopened.body).toMatchObject({ id, status: "open", stage: "Proposal Sent", closedAt: null, lostReason: null });
      expect((await as(manager).post(`/api/leads/${id}/reopen`)).status).toBe(409);
      expect(
        (
          await as(partner).patch("/api/settings", {
            lostReasons: ["Budget", "Chose another agency", "No response", "Timing", "Not a fit", "Other"],
          })
        ).status,
      ).toBe(200);
    });

    it("keeps every stage's probability and the lost reasons in the settings, naming each bad entry", async () => {
      const changed = await as(partner).patch("/api/settings", { stageProbabilities: { "Proposal Sent": 40 } });
      expect(changed.status).toBe(200);
      expect(Object.keys(changed.body.stageProbabilities)).toHaveLength(10);
      expect(changed.body.stageProbabilities).toMatchObject({ "New Lead": 10, "Proposal Sent": 40, Active: 100 });
      const read = await call(app, "/api/settings", { bearer: director.token });
      expect(read.body).toMatchObject({ stageProbabilities: { "Proposal Sent": 40 }, lostReasons: expect.arrayContaining(["Budget"]) });
      const bad = [
        [{ stageProbabilities: { Contacted: 101 } }, ["stageProbabilities.Contacted"]],
        [{ stageProbabilities: { Won: 5 } }, ["stageProbabilities.Won"]],
        [{ lostReasons: ["Budget", "budget", " "] }, ["lostReasons.2", "lostReasons.1"]],
        [{ lostReasons: [] }, ["lostReasons"]],
      ] as const;
      for (const [body, fields] of bad) {
        const refused = await as(partner).patch("/api/settings", body);
        expect(refused.status).toBe(400);
        expect(fieldsOf(refused).sort()).toEqual([...fields].sort());
      }
      expect((await as(partner).patch("/api/settings", { stageProbabilities: { "Proposal Sent": 50 } })).status).toBe(200);
    });

    it("restores an archived lead to where it was (a Partner only)", async () => {
      const id = await createLead();
      expect((await as(partner).post(`/api/leads/${id}/lose`, { reason: "Timing" })).status).toBe(200);
      expect((await as(partner).post(`/api/leads/${id}/archive`, {})).status).toBe(200);
      expect((await as(partner).post(`/api/leads/${id}/reopen`)).status).toBe(404);
      expect((await as(manager).post(`/api/leads/${id}/restore`)).status).toBe(403);
      const restored = await as(partner).post(`/api/leads/${id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ id, status: "lost", lostReason: "Timing" });
      expect((await as(partner).post(`/api/leads/${id}/restore`)).status).toBe(409);
      expect((await as(partner).post(`/api/leads/${randomUUID()}/restore`)).status).toBe(404);
    });

    it("mails a new owner once, with a link to the lead; not an owner who reassigned to themselves, nor a deactivated one", async () => {
      const leaving = await signUpAs(app, { role: "Project Manager" });
      const [first, selfish, gone, last] = [
        await createLead("Grace", "Hopper Ltd"),
        await createLead("Self", "Owned Co"),
        await createLead("Gone", "Away Co"),
        await createLead("Last", "Sentinel Co"),
      ];
      expect((await as(partner).patch(`/api/leads/${first}`, { assignedTo: idOf(manager) })).status).toBe(200);
      expect((await as(manager).patch(`/api/leads/${selfish}`, { assignedTo: idOf(manager) })).status).toBe(200);
      expect((await as(partner).post("/api/leads/reassign", { leadIds: [gone], assignedTo: idOf(leaving) })).status).toBe(200);
      expect((await as(partner).post(`/api/users/${idOf(leaving)}/deactivate`)).status).toBe(200);
      expect((await as(partner).patch(`/api/leads/${last}`, { assignedTo: idOf(manager) })).status).toBe(200);

      // The reactors start only now: the deactivation came before the mail would have.
      const { system } = app;
      const reactors = await startMessagingReactors({
        db: system.db,
        store: system.store,
        config: system.config,
        now: system.now,
        pollMs: 100,
        log: () => undefined,
        retry: { maxAttempts: 2, baseDelayMs: 1, sleep: async () => undefined },
      });
      try {
        const folder = path.join(system.config.DATA_DIR, "outbox", "mail");
        const mails = async () => {
          const files = await readdir(folder).catch(() => [] as string[]);
          return Promise.all(files.map(async (file) => parseMail(await readFile(path.join(folder, file)))));
        };
        // Owner changes are mailed in log order: once the last one is out, the others were decided.
        const all = await eventually(mails, (found) => found.some((m) => m.subject === "You now own Last (Sentinel Co)"));
        const ours = ["Grace (Hopper Ltd)", "Self (Owned Co)", "Gone (Away Co)", "Last (Sentinel Co)"].map((lead) => `You now own ${lead}`);
        const owned = all.filter((m) => ours.includes(m.subject ?? ""));
        expect(owned.map((m) => m.subject).sort()).toEqual(["You now own Grace (Hopper Ltd)", "You now own Last (Sentinel Co)"]);
        // The earlier tests' owner changes were mailed too: to the manager, by a Partner, once each.
        expect(all.filter((m) => m.subject === "You now own Cy (Lovelace Co)")).toHaveLength(1);
        const mail = owned.find((m) => m.subject === "You now own Grace (Hopper Ltd)") as ParsedMail;
        expect(mail.to).toMatchObject({ value: [{ address: manager.email }] });
        expect(mail.text).toContain(`https://crm.example/lead/${first}`);
        expect(mail.html).toContain(`href="https://crm.example/lead/${first}"`);
        expect(mail.messageId).toMatch(/@agency-crm>?$/);
      } finally {
        await reactors.stop();
      }
    });
  });
