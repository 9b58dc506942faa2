import { expect } from "vitest";
import { createInboundSink } from "@crm/command-service/inbound/record-inbound";
import { leadReplyAddress } from "@crm/contracts/inbound/reply-address";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { loadCheckpoints } from "@crm/projector/checkpoints";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { signUpAs } from "../../../testing/sign-up-as.ts";
import type { TestApp } from "../../../testing/test-app.ts";
import { PNG, upload } from "../../creative-helpers.ts";
import { clientFor } from "../../leads-helpers.ts";
import { submitForLead } from "../../questionnaire-helpers.ts";
import { lastPosition } from "./read-model-checksum.ts";

/** The inbound address the sample's reply is sent to (its sub-address names the lead). */
const INBOUND = "replies@inbound.backup.test";

/**
 * Something in every kind of state through the API: a lead moved and one archived, a meeting, a questionnaire answer, an onboarding
 * director, an uploaded file used by a submission, a creative task, a mail to the lead and its reply through the intake.
 */
export async function writeSampleData(app: TestApp): Promise<void> {
  const partner = await signUpAs(app, { role: "Partner" });
  const director = await signUpAs(app, { role: "Creative Director" });
  const client = clientFor(app, partner);
  const leadId = await client.createLead({ name: "Ada Backup", business: "Lovelace Co" });
  const archived = await client.createLead({ name: "Brian Archived", business: "Kernighan Ltd" });
  expect((await client.post(`/api/leads/${archived}/archive`)).status).toBe(200);
  expect((await client.patch(`/api/leads/${leadId}`, { stage: "Contract Signed" })).status).toBe(200);
  const assigned = await client.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const meeting = await client.post("/api/meetings", {
    leadId,
    title: "Kick-off",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    attendeeEmail: "ada@example.com",
  });
  expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
  expect((await submitForLead(app, leadId, { goals: "More customers" })).status).toBe(201);
  const file = await upload(app, partner, leadId, "photo", PNG, "hero.png");
  expect(file.status, JSON.stringify(file.body)).toBe(201);
  const submitted = await client.post("/api/content-submissions", {
    leadId,
    type: "photo",
    title: "Hero",
    description: "First cut",
    caption: "Spring",
    fileId: file.body.id,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  const task = await client.post("/api/creative-tasks", { leadId, title: "Reel", description: "15 s", priority: "high" });
  expect(task.status, JSON.stringify(task.body)).toBe(201);
  const mailed = await client.post(`/api/leads/${leadId}/send-email`, { subject: "Welcome", message: "Glad to start." });
  expect(mailed.status, JSON.stringify(mailed.body)).toBe(202);
  const { system } = app;
  const sink = createInboundSink({
    store: system.store,
    storage: openFileStorage(system.config),
    inboundAddress: INBOUND,
    now: system.now,
  });
  const reply = [
    "From: Ada Backup <ada@example.com>",
    `To: ${leadReplyAddress(INBOUND, leadId)}`,
    "Subject: Re: Welcome",
    "Message-ID: <backup-sample-reply@example.com>",
    "Date: Fri, 27 Nov 2026 09:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Glad too.",
    "",
  ].join("\r\n");
  expect(await sink(Buffer.from(reply), "smtp")).toBe("recorded");
}

/** Waits until every projection's checkpoint has passed the newest committed event. */
export async function waitForReadModels(app: TestApp, timeoutMs = 30_000): Promise<void> {
  const head = await lastPosition(app.system.db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoints = await loadCheckpoints(app.system.db);
    if (ALL_PROJECTIONS.every((p) => (checkpoints.get(p.name)?.position ?? "") >= head)) return;
    if (Date.now() > deadline) throw new Error(`read models did not reach ${head} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
