import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REDACTED } from "@crm/contracts/erasure/redact";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { availableBackends } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { appWithPartner, type AppWithPartner } from "../testing/app-with-partner.ts";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { tablesContaining } from "../testing/tables-containing.ts";
import { clientFor, type LeadClient } from "./leads-helpers.ts";
import { submitForLead } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

/** Strings only the erased lead's data contains. */
const PERSONAL = ["Zelda", "zelda.secret", "555-7788", "xyzzy", "Hyrule Crafts"];

describe.each(backends)("right to erasure on %s", (backend) => {
  let client: LeadClient;
  let leadId: string;
  let otherId: string;
  const fx = appWithPartner(backend, {}, { partnerName: "Pat Partner", seed: seedLeads });
  /** The lead to erase, with a stage change, a message, a meeting and answers, and one to keep. */
  async function seedLeads({ app, partner }: AppWithPartner) {
    client = clientFor(app, partner);
    const created = await client.post("/api/leads", { name: "Zelda Secret", business: "Hyrule Crafts", email: "zelda.secret@example.com", phone: "555-7788", notes: "likes xyzzy" });
    leadId = created.body.id;
    expect((await client.patch(`/api/leads/${leadId}`, { stage: "Contract Sent" })).status).toBe(200);
    expect((await client.post(`/api/leads/${leadId}/send-email`, { subject: "Hello Zelda", message: "Your xyzzy plan" })).status).toBe(202);
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const meeting = await client.post("/api/meetings", {
      leadId, title: "Call with Zelda", startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), attendeeEmail: "zelda.secret@example.com",
    });
    expect(meeting.status).toBe(201);
    expect((await submitForLead(app, leadId, { goals: "Zelda wants xyzzy" })).status).toBe(201);
    otherId = await client.createLead({ name: "Otto Other", business: "Other Co", email: "otto@example.com" });
  }

  it("refuses anyone but a Partner, and a confirmation that does not name the lead", async () => {
    const manager = await signUpAs(fx.app, { role: "Project Manager" });
    expect((await call(fx.app, `/api/leads/${leadId}/erase`, { method: "POST", bearer: manager.token, body: { confirmation: "ERASE" } })).status).toBe(403);
    const wrong = await client.post(`/api/leads/${leadId}/erase`, { confirmation: "Otto Other" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: "confirmation" })]);
    expect((await client.post(`/api/leads/${leadId}/erase`, {})).status).toBe(400);
    expect((await client.post(`/api/leads/${randomUUID()}/erase`, { confirmation: "ERASE" })).status).toBe(404);
    expect(await tablesContaining(fx.app.system.db, "zelda.secret")).toContain("events");
  });

  it("removes the personal data from the event store and every read model, also after a rebuild, keeping the stats", async () => {
    const statsBefore = (await client.get("/api/stats")).body;
    const erased = await client.post(`/api/leads/${leadId}/erase`, { confirmation: "zelda secret" });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ id: leadId, streams: 5 }); // lead, message, meeting, client link, questionnaire
    for (const text of PERSONAL) expect(await tablesContaining(fx.app.system.db, text), text).toEqual([]);
    expect((await client.get("/api/stats")).body).toEqual(statsBefore);

    await rebuildProjections({ db: fx.app.system.db, store: fx.app.system.store, projections: ALL_PROJECTIONS });
    for (const text of PERSONAL) expect(await tablesContaining(fx.app.system.db, text), text).toEqual([]);
    expect((await client.get("/api/stats")).body).toEqual(statsBefore);

    // The non-personal facts stay: the lead, its stage history; the other lead is untouched.
    const lead = (await client.get(`/api/leads/${leadId}`)).body;
    expect(lead).toMatchObject({ name: REDACTED, email: REDACTED, phone: REDACTED, stage: "Contract Sent" });
    // The version (ETag, If-Match) follows the stream, so caches and edits see the change.
    expect(lead.version).toBe(erased.body.version);
    expect((await client.get(`/api/leads/${leadId}?asOf=${erased.body.position}`)).body).toEqual(lead);
    expect((await client.get(`/api/leads/${otherId}`)).body).toMatchObject({ name: "Otto Other", email: "otto@example.com" });
    const history = (await client.get(`/api/leads/${leadId}/history`)).body;
    expect(history.erased).toBe(true);
    expect(history.entries.filter((e: { type: string }) => e.type === "LeadStageChanged")[0].changes).toEqual([{ field: "stage", before: "New Lead", after: "Contract Sent" }]);
    expect(history.entries.at(-1)).toMatchObject({ type: "LeadErased", actor: { id: fx.partner.user!.id, name: "Pat Partner" } });
  });

  it("leaves an erasure record; a second erasure appends no other (decisions/039)", async () => {
    const events = await fx.app.system.store.readStream(leadStreamId(leadId));
    expect(events.at(-1)).toMatchObject({ type: "LeadErased", metadata: { actor: fx.partner.user!.id } });
    expect((await client.post(`/api/leads/${leadId}/erase`, { confirmation: "ERASE" })).status).toBe(200);
    expect(await fx.app.system.store.readStream(leadStreamId(leadId))).toHaveLength(events.length);
  });
});
