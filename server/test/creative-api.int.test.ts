import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { EXE, PNG, upload } from "./creative-helpers.ts";
import { staffClient } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

for (const backend of ["postgres", "pglite"] as const) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`creative API on ${backend}`, () => {
    let app: TestApp;
    let partner: ReturnType<typeof staffClient>;
    let manager: ReturnType<typeof staffClient>;
    let ann: SignedIn;
    let bob: SignedIn;
    let annClient: ReturnType<typeof staffClient>;
    let bobClient: ReturnType<typeof staffClient>;
    let annLead: string;
    let bobLead: string;

    /** A lead assigned to a director, visible in the leads read model to every client. */
    async function assignedLead(director: SignedIn): Promise<string> {
      const leadId = await partner.lead("Contract Signed");
      const assigned = await partner.post(`/api/onboarding/${leadId}/assign-director`, { creativeDirectorId: director.user!.id });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      for (const c of [annClient, bobClient, manager]) c.saw(assigned);
      return leadId;
    }

    beforeAll(async () => {
      app = await startTestApp(backend);
      partner = staffClient(app, await signUpAs(app, { role: "Partner" }));
      manager = staffClient(app, await signUpAs(app, { role: "Project Manager" }));
      ann = await signUpAs(app, { role: "Creative Director", displayName: "Ann Director" });
      bob = await signUpAs(app, { role: "Creative Director", displayName: "Bob Director" });
      annClient = staffClient(app, ann);
      bobClient = staffClient(app, bob);
      await vi.waitFor(async () => expect((await partner.get("/api/users/creative-directors")).body).toHaveLength(2), {
        ...EVENTUALLY,
        interval: 100,
      });
      annLead = await assignedLead(ann);
      bobLead = await assignedLead(bob);
    });
    afterAll(() => app.close());

    it("a director uploads an image, submits it, a Partner approves it, and the timeline says so", async () => {
      const file = await upload(app, ann, annLead, "photo", PNG, "mood board.png");
      expect(file.status, JSON.stringify(file.body)).toBe(201);
      expect(file.body).toMatchObject({
        leadId: annLead,
        purpose: "photo",
        name: "mood board.png",
        size: PNG.length,
        contentType: "image/png",
        url: `/api/files/${file.body.id}`,
      });
      expect(file.body.checksum).toMatch(/^[0-9a-f]{64}$/);

      const submitted = await annClient.post("/api/content-submissions", {
        leadId: annLead,
        type: "photo",
        title: "Hero shot",
        description: "First cut",
        caption: "Spring is here",
        fileId: file.body.id,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      expect(submitted.body.status).toBe("pending");
      partner.saw(submitted);

      const list = await partner.get(`/api/content-submissions?leadId=${annLead}`);
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({
        id: submitted.body.id,
        type: "photo",
        title: "Hero shot",
        caption: "Spring is here",
        status: "pending",
        creativeDirectorId: ann.user!.id,
        fileUrl: `/api/files/${file.body.id}`,
        file: { name: "mood board.png", contentType: "image/png" },
      });

      const approved = await partner.post(`/api/content-submissions/${submitted.body.id}/review`, {
        decision: "approve",
        reviewNotes: "Lovely",
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await partner.get(`/api/content-submissions?leadId=${annLead}`)).body[0]).toMatchObject({
        status: "approved",
        reviewNotes: "Lovely",
      });
      const again = await partner.post(`/api/content-submissions/${submitted.body.id}/review`, { decision: "reject" });
      expect(again.status).toBe(409);

      const timeline = (await partner.get(`/api/activities?leadId=${annLead}`)).body.map(
        (a: { type: string; title: string }) => `${a.type} ${a.title}`,
      );
      expect(timeline).toEqual(
        expect.arrayContaining(["content_submitted Content submitted: Hero shot", "content_approved Content approved: Hero shot"]),
      );

      const bytes = await fetch(`${app.url}${file.body.url}`, { headers: { authorization: `Bearer ${ann.token}` } });
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG);
    });

    it("reject and request revision are events on the timeline too; the review needs a known decision", async () => {
      const caption = await annClient.post("/api/content-submissions", {
        leadId: annLead,
        type: "caption",
        title: "Launch caption",
        caption: "New season, new you",
      });
      expect(caption.status, JSON.stringify(caption.body)).toBe(201);
      const revise = await annClient.post(`/api/content-submissions/${caption.body.id}/review`, {
        decision: "request_revision",
        reviewNotes: "Shorter please",
      });
      expect(revise.status).toBe(200);
      const other = await annClient.post("/api/content-submissions", {
        leadId: annLead,
        type: "caption",
        title: "Second caption",
        caption: "Hello",
      });
      expect((await annClient.post(`/api/content-submissions/${other.body.id}/review`, { decision: "maybe" })).status).toBe(400);
      expect(
        (await annClient.post(`/api/content-submissions/${other.body.id}/review`, { decision: "reject", reviewNotes: "Off brand" })).status,
      ).toBe(200);
      const rows = (await annClient.get(`/api/content-submissions?leadId=${annLead}`)).body as { title: string; status: string }[];
      expect(rows.find((r) => r.title === "Launch caption")?.status).toBe("revision_requested");
      expect(rows.find((r) => r.title === "Second caption")?.status).toBe("rejected");
      partner.saw(revise); // ann's read above already waited for the rejection too
      const timeline = (await partner.get(`/api/activities?leadId=${annLead}`)).body.map(
        (a: { type: string; title: string }) => `${a.type} ${a.title}`,
      );
      expect(timeline).toEqual(
        expect.arrayContaining([
          "creative_request Revision requested: Launch caption",
          "content_rejected Content rejected: Second caption",
        ]),
      );
    });

    it("a submission names its fields when they are missing or wrong", async () => {
      const none = await annClient.post("/api/content-submissions", { leadId: annLead, type: "photo", title: "" });
      expect(none.status).toBe(400);
      expect(none.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["fileId", "title"]);
      const wrongFile = await annClient.post("/api/content-submissions", {
        leadId: annLead,
        type: "video",
        title: "Clip",
        fileId: "00000000-0000-4000-8000-000000000000",
      });
      expect(wrongFile.status).toBe(400);
      expect(wrongFile.body.errors[0].field).toBe("fileId");
      const photo = await upload(app, ann, annLead, "photo", PNG);
      const asVideo = await annClient.post("/api/content-submissions", {
        leadId: annLead,
        type: "video",
        title: "Clip",
        fileId: photo.body.id,
      });
      expect(asVideo.status).toBe(400);
      expect(asVideo.body.errors[0].message).toMatch(/uploaded as photo/);
    });

    it("tasks: create with an attachment, start, complete (completedAt), cancel; wrong moves are 409", async () => {
      const brief = await upload(app, ann, annLead, "attachment", Buffer.from("Brand colours: teal and sand\n"), "brief.txt", "text/plain");
      expect(brief.status, JSON.stringify(brief.body)).toBe(201);
      expect(brief.body.contentType).toBe("text/plain");
      const missing = await annClient.post("/api/creative-tasks", { leadId: annLead, title: "", description: "" });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["description", "title"]);

      const created = await annClient.post("/api/creative-tasks", {
        leadId: annLead,
        title: "Storyboard",
        description: "Six frames",
        dueDate: "2030-01-31",
        attachments: [brief.body.id],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      let task = (await annClient.get(`/api/creative-tasks?leadId=${annLead}`)).body.find((t: { id: string }) => t.id === id);
      expect(task).toMatchObject({
        title: "Storyboard",
        status: "todo",
        priority: "medium",
        dueDate: "2030-01-31",
        attachments: ["brief.txt"],
        completedAt: null,
      });
      expect(task.files[0]).toMatchObject({ name: "brief.txt", url: `/api/files/${brief.body.id}` });

      expect((await annClient.post(`/api/creative-tasks/${id}/start`)).status).toBe(200);
      expect((await annClient.post(`/api/creative-tasks/${id}/start`)).status).toBe(200); // a double click changes nothing
      expect((await annClient.post(`/api/creative-tasks/${id}/complete`)).status).toBe(200);
      task = (await annClient.get(`/api/creative-tasks?leadId=${annLead}`)).body.find((t: { id: string }) => t.id === id);
      expect(task.status).toBe("completed");
      expect(Date.parse(task.completedAt)).not.toBeNaN();
      expect((await annClient.post(`/api/creative-tasks/${id}/cancel`)).status).toBe(409);

      const other = await annClient.post("/api/creative-tasks", { leadId: annLead, title: "Reel", description: "15 s", priority: "high" });
      const cancelled = await annClient.post(`/api/creative-tasks/${other.body.id}/cancel`, { reason: "Client paused" });
      expect(cancelled.status).toBe(200);
      expect((await annClient.post(`/api/creative-tasks/${other.body.id}/start`)).status).toBe(409);
      expect((await annClient.post(`/api/creative-tasks/00000000-0000-4000-8000-000000000000/start`)).status).toBe(404);
      const titles = (await annClient.get(`/api/activities?leadId=${annLead}`)).status;
      expect(titles).toBe(200); // a director reads their own client's timeline (another's: 403, creative-director-access)
      partner.saw(cancelled); // the newest of ann's commands the timeline must show
      const timeline = (await partner.get(`/api/activities?leadId=${annLead}`)).body.map((a: { title: string }) => a.title);
      expect(timeline).toEqual(
        expect.arrayContaining([
          "Task created: Storyboard",
          "Task started: Storyboard",
          "Task completed: Storyboard",
          "Task cancelled: Reel",
        ]),
      );
    });

    it("uploads: the type comes from the bytes, not the name; over the limit is 413; empty is 400", async () => {
      const renamed = await upload(app, ann, annLead, "photo", EXE, "holiday.png", "image/png");
      expect(renamed.status).toBe(415);
      expect(renamed.body.detail).toMatch(/not recognised/);
      const pdfAsPhoto = await upload(app, ann, annLead, "photo", Buffer.from("%PDF-1.7\n..."), "x.png");
      expect(pdfAsPhoto.status).toBe(415);
      const tooBig = await upload(app, ann, annLead, "caption", Buffer.alloc(2 * 1024 * 1024 + 1, 0x61), "long.txt", "text/plain");
      expect(tooBig.status).toBe(413);
      expect((await upload(app, ann, annLead, "photo", Buffer.alloc(0))).status).toBe(400);
      expect((await upload(app, ann, annLead, "poster", PNG)).status).toBe(400);
    });

    it("a Creative Director cannot read, review, upload or act for another director's client", async () => {
      const bobFile = await upload(app, bob, bobLead, "photo", PNG, "bob.png");
      const bobSubmission = await bobClient.post("/api/content-submissions", {
        leadId: bobLead,
        type: "photo",
        title: "Bob's secret",
        fileId: bobFile.body.id,
      });
      const bobTask = await bobClient.post("/api/creative-tasks", { leadId: bobLead, title: "Bob's task", description: "Private" });
      expect(bobSubmission.status).toBe(201);
      for (const c of [annClient, partner, manager]) c.saw(bobTask);

      // Lists are filtered; asking by lead id is refused.
      const annSubs = (await annClient.get("/api/content-submissions")).body as { leadId: string }[];
      expect(annSubs.length).toBeGreaterThan(0);
      expect(annSubs.every((s) => s.leadId === annLead)).toBe(true);
      expect(((await annClient.get("/api/creative-tasks")).body as { leadId: string }[]).every((t) => t.leadId === annLead)).toBe(true);
      expect((await annClient.get(`/api/content-submissions?leadId=${bobLead}`)).status).toBe(403);
      expect((await annClient.get(`/api/creative-tasks?leadId=${bobLead}`)).status).toBe(403);
      expect(((await annClient.get("/api/creative/clients")).body as { id: string }[]).map((c) => c.id)).toEqual([annLead]);

      // Files, reviews, uploads, submissions and task moves.
      const file = await fetch(`${app.url}/api/files/${bobFile.body.id}`, { headers: { authorization: `Bearer ${ann.token}` } });
      expect(file.status).toBe(403);
      expect(await file.text()).not.toContain("PNG");
      expect((await annClient.post(`/api/content-submissions/${bobSubmission.body.id}/review`, { decision: "approve" })).status).toBe(403);
      expect((await upload(app, ann, bobLead, "photo", PNG)).status).toBe(403);
      expect(
        (await annClient.post("/api/content-submissions", { leadId: bobLead, type: "caption", title: "x", caption: "y" })).status,
      ).toBe(403);
      expect((await annClient.post("/api/creative-tasks", { leadId: bobLead, title: "x", description: "y" })).status).toBe(403);
      for (const move of ["start", "complete", "cancel"])
        expect((await annClient.post(`/api/creative-tasks/${bobTask.body.id}/${move}`)).status).toBe(403);

      // A Partner sees both; a Project Manager reads both (the lead page) but cannot act.
      const all = (await partner.get("/api/content-submissions")).body as { leadId: string }[];
      expect(new Set(all.map((s) => s.leadId))).toEqual(new Set([annLead, bobLead]));
      expect((await manager.get(`/api/creative-tasks?leadId=${bobLead}`)).body).toHaveLength(1);
      expect((await manager.post(`/api/creative-tasks/${bobTask.body.id}/start`)).status).toBe(403);
      expect((await fetch(`${app.url}/api/files/${bobFile.body.id}`, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(
        200,
      );
    });

    it("a lead without a creative director takes no content or tasks", async () => {
      const leadId = await partner.lead("Contacted");
      expect((await partner.post("/api/creative-tasks", { leadId, title: "x", description: "y" })).status).toBe(409);
      expect((await upload(app, ann, leadId, "photo", PNG)).status).toBe(403);
    });
  });
}
