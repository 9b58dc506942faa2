import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITE_LIFETIME_MS, RESET_LIFETIME_MS } from "@crm/contracts/user/user";
import { accountTokens } from "@crm/infra/auth/account-tokens";
import { sessionStore } from "@crm/infra/auth/sessions";
import type { Audience } from "@crm/infra/http/access-policy";
import { ACCESS_POLICY } from "../src/api.ts";
import { keptQuery } from "../src/auditor-reads.ts";
import { loggedPath } from "../src/observability.ts";
import { storableQueryOnly } from "@crm/infra/http/storable-text";
import { recentActivities } from "@crm/read-api/activities/activities.queries";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { PNG, upload } from "./creative-helpers.ts";
import { freshIp, kickOffMeeting, staffClient } from "./questionnaire-helpers.ts";
import {
  followStream,
  forbiddenFor,
  leaksIn,
  policyKeys,
  recordedReads,
  runRoleMatrix,
  uniqueLeadValues,
  type PlantedLead,
  type Principal,
  type Samples,
} from "./support/role-matrix.ts";

/**
 * The leak matrix (docs/product.md, "Roles"): every route × every principal on data where each
 * has something of its own, every answer and every live notice scanned for the ids, names,
 * businesses and emails of leads that principal may not see.
 */

const backends = await availableBackends();
/** Who may follow the live stream: every approved role. */
const STREAM_READERS: readonly Audience[] = ["Partner", "Project Manager", "Creative Director", "Auditor"];
const BACKENDS = ["postgres", "pglite"] as const;

interface World {
  leads: { a: string; b: string; u: string };
  planted: PlantedLead[];
  principals: Principal[];
  meetings: Map<string, string>;
  files: Map<string, string>;
  partner: ReturnType<typeof staffClient>;
  directors: { a: SignedIn; b: SignedIn };
}

/** Any id: the write cells only check the gate, and must change nothing. */
const anyId = () => randomUUID();

/**
 * How each route is called as a principal. Reads use ids of data the principal may see (its first
 * lead, else lead U, which nobody but staff sees); writes send an empty body to an unknown id, so
 * a let-through write is refused by its own validation and the data stays as planted.
 */
function samplesFor(world: World): Samples {
  const own = (who: Principal) => who.sees[0] ?? world.leads.u;
  const write = (path: string) => ({ call: () => ({ path }) });
  const read = (path: (who: Principal) => string, want?: "through") => ({
    call: (who: Principal) => ({ path: path(who) }),
    ...(want ? { want } : {}),
  });
  const fixed = (path: string, want?: "through") => read(() => path, want);
  return {
    "POST /api/auth/sign-up": write("/api/auth/sign-up"),
    "POST /api/auth/sign-in": write("/api/auth/sign-in"),
    "POST /api/auth/sign-out": write("/api/auth/sign-out"),
    "GET /api/auth/me": fixed("/api/auth/me"),
    "POST /api/auth/register": write("/api/auth/register"),
    "POST /api/auth/password-reset": write("/api/auth/password-reset"),
    "POST /api/auth/password-reset/complete": {
      call: (who) => ({ path: "/api/auth/password-reset/complete", body: { token: who.mailed?.reset ?? "" } }),
    },
    "GET /api/profile": fixed("/api/profile"),
    "PATCH /api/profile": write("/api/profile"), // an empty body changes nothing
    "POST /api/profile/password": write("/api/profile/password"),
    "GET /api/auth/oidc/config": fixed("/api/auth/oidc/config"),
    "GET /api/auth/oidc/start": fixed("/api/auth/oidc/start", "through"), // no provider is configured: 404
    "GET /api/auth/oidc/callback": fixed("/api/auth/oidc/callback", "through"),
    "GET /api/users": fixed("/api/users"),
    "GET /api/users/creative-directors": fixed("/api/users/creative-directors"),
    "GET /api/users/pending": fixed("/api/users/pending"),
    "POST /api/users/:id/approve": write(`/api/users/${anyId()}/approve`),
    "DELETE /api/users/:id/reject": write(`/api/users/${anyId()}/reject`),
    "POST /api/users/:id/role": write(`/api/users/${anyId()}/role`),
    "GET /api/users/team": fixed("/api/users/team"),
    "POST /api/users/invites": write("/api/users/invites"),
    "POST /api/users/:id/invite/renew": write(`/api/users/${anyId()}/invite/renew`),
    "DELETE /api/users/:id/invite": write(`/api/users/${anyId()}/invite`),
    "POST /api/users/:id/deactivate": write(`/api/users/${anyId()}/deactivate`),
    "POST /api/users/:id/reactivate": write(`/api/users/${anyId()}/reactivate`),
    // The invitation's holder reads its own invitation; everyone else names one that does not exist (404).
    "GET /api/auth/invites/:token": {
      call: (who) =>
        who.mailed?.invite
          ? { path: `/api/auth/invites/${who.mailed.invite}` }
          : { path: `/api/auth/invites/${"a".repeat(32)}`, want: "through" },
    },
    // The link holders send their own token with an empty password: refused by validation, the link not spent.
    "POST /api/auth/invites/accept": { call: (who) => ({ path: "/api/auth/invites/accept", body: { token: who.mailed?.invite ?? "" } }) },
    "GET /api/health": fixed("/api/health"),
    "GET /api/ready": fixed("/api/ready"),
    "GET /api/metrics": fixed("/api/metrics", "through"), // only this host or the metrics token: 404 to the matrix's addresses
    "GET /api/events/stream": fixed("/api/events/stream"),
    "GET /api/stats": fixed("/api/stats"),
    "GET /api/stats/pipeline": fixed("/api/stats/pipeline?zone=Europe%2FBerlin"),
    // This month by default: the month the world was planted in. The slowest open leads name theirs.
    "GET /api/reports/funnel": fixed("/api/reports/funnel"),
    "GET /api/reports/time-in-stage": fixed("/api/reports/time-in-stage"),
    "GET /api/reports/velocity": fixed("/api/reports/velocity"),
    "GET /api/reports/win-rate": fixed("/api/reports/win-rate"),
    "GET /api/reports/forecast": fixed("/api/reports/forecast"),
    "GET /api/reports/activity": fixed("/api/reports/activity"),
    "GET /api/activities/recent": fixed("/api/activities/recent?limit=100"),
    "GET /api/leads": fixed("/api/leads"),
    "GET /api/leads/board": fixed("/api/leads/board"),
    "GET /api/leads/lost": fixed("/api/leads/lost"),
    "GET /api/leads/archived": fixed("/api/leads/archived"),
    // A day far ahead: the board as it stands, every planted lead on it, each "absent" on the since day.
    "GET /api/leads/board/past": fixed("/api/leads/board/past?day=2100-01-01&since=2000-01-01"),
    "GET /api/leads/stale": fixed("/api/leads/stale"),
    "POST /api/leads": write("/api/leads"),
    "GET /api/leads/:id": read((who) => `/api/leads/${own(who)}`),
    "PATCH /api/leads/:id": write(`/api/leads/${anyId()}`),
    "DELETE /api/leads/:id": write(`/api/leads/${anyId()}`),
    "POST /api/leads/:id/move": write(`/api/leads/${anyId()}/move`),
    "POST /api/leads/:id/archive": write(`/api/leads/${anyId()}/archive`),
    "POST /api/leads/reassign": write("/api/leads/reassign"),
    "POST /api/leads/:id/lose": write(`/api/leads/${anyId()}/lose`),
    "POST /api/leads/:id/reopen": write(`/api/leads/${anyId()}/reopen`),
    "POST /api/leads/:id/restore": write(`/api/leads/${anyId()}/restore`),
    "POST /api/leads/:id/activities": write(`/api/leads/${anyId()}/activities`),
    "POST /api/leads/import": write("/api/leads/import"),
    "GET /api/activities": read((who) => `/api/activities?leadId=${own(who)}`),
    "GET /api/leads/:id/history": read((who) => `/api/leads/${own(who)}/history`),
    "GET /api/leads/:id/history.jsonl": read((who) => `/api/leads/${own(who)}/history.jsonl`),
    "GET /api/leads/:id/history.html": read((who) => `/api/leads/${own(who)}/history.html`),
    // The workbench shows the whole log: only Partners and Auditors, who see every lead, pass its gate.
    "GET /api/audit/events": fixed("/api/audit/events?limit=200"),
    "GET /api/audit/events.jsonl": fixed("/api/audit/events.jsonl"),
    "GET /api/audit/events.csv": fixed("/api/audit/events.csv"),
    "GET /api/audit/entities/:streamId": read((who) => `/api/audit/entities/lead-${own(who)}`),
    "GET /api/audit/verify": fixed("/api/audit/verify"),
    "GET /api/audit/checkpoints/latest": fixed("/api/audit/checkpoints/latest"),
    "POST /api/leads/:id/erase": write(`/api/leads/${anyId()}/erase`),
    "GET /api/openapi.json": fixed("/api/openapi.json"),
    "GET /api/docs": fixed("/api/docs", "through"), // the test app has no UI build: a 404 naming the build step
    "GET /api/meetings": read((who) => `/api/meetings?leadId=${own(who)}`),
    "GET /api/meetings/:id": read((who) => `/api/meetings/${world.meetings.get(own(who))}`),
    "POST /api/meetings": write("/api/meetings"),
    "PATCH /api/meetings/:id": write(`/api/meetings/${anyId()}`),
    "POST /api/meetings/:id/cancel": write(`/api/meetings/${anyId()}/cancel`),
    "GET /api/calendar/config": fixed("/api/calendar/config"),
    "GET /api/calendar/feed": fixed("/api/calendar/feed"),
    "POST /api/calendar/feed": write("/api/calendar/feed"), // one's own feed: a new URL, no lead data
    "DELETE /api/calendar/feed": write("/api/calendar/feed"),
    "GET /api/calendar/feeds/:file": fixed(`/api/calendar/feeds/${"a".repeat(32)}.ics`, "through"), // no such feed: 404
    "POST /api/leads/:id/send-form": write(`/api/leads/${anyId()}/send-form`),
    "POST /api/leads/:id/send-email": write(`/api/leads/${anyId()}/send-email`),
    "POST /api/leads/:id/send-sms": write(`/api/leads/${anyId()}/send-sms`),
    "POST /api/send-email": write("/api/send-email"),
    "POST /api/questionnaire": write("/api/questionnaire"),
    "GET /api/questionnaire-links/:token": {
      call: (who) =>
        who.link
          ? { path: `/api/questionnaire-links/${who.link}` }
          : { path: `/api/questionnaire-links/${"x".repeat(43)}`, want: "through" },
    },
    "GET /api/leads/:id/client-link": read((who) => `/api/leads/${own(who)}/client-link`),
    "POST /api/leads/:id/client-link": write(`/api/leads/${anyId()}/client-link`),
    "DELETE /api/leads/:id/client-link": write(`/api/leads/${anyId()}/client-link`),
    "GET /api/questionnaire/:leadId": read((who) => `/api/questionnaire/${own(who)}`),
    "GET /api/questionnaire/:leadId/versions": read((who) => `/api/questionnaire/${own(who)}/versions`),
    "POST /api/onboarding/:id/assign-director": write(`/api/onboarding/${anyId()}/assign-director`),
    "GET /api/onboarding/activities": fixed("/api/onboarding/activities"),
    "GET /api/creative/clients": fixed("/api/creative/clients"),
    "GET /api/content-submissions": fixed("/api/content-submissions"),
    "POST /api/content-submissions": write("/api/content-submissions"),
    "POST /api/content-submissions/:id/review": write(`/api/content-submissions/${anyId()}/review`),
    "GET /api/creative-tasks": fixed("/api/creative-tasks"),
    "POST /api/creative-tasks": write("/api/creative-tasks"),
    "POST /api/creative-tasks/:id/start": write(`/api/creative-tasks/${anyId()}/start`),
    "POST /api/creative-tasks/:id/complete": write(`/api/creative-tasks/${anyId()}/complete`),
    "POST /api/creative-tasks/:id/cancel": write(`/api/creative-tasks/${anyId()}/cancel`),
    "POST /api/files": write(`/api/files?leadId=${anyId()}&purpose=photo`),
    "GET /api/files/:id": read((who) => `/api/files/${world.files.get(own(who)) ?? world.files.get(world.leads.a)}`),
    "GET /api/settings": fixed("/api/settings"),
    "PATCH /api/settings": write("/api/settings"), // {}: changes nothing
    "POST /api/settings/logo": write("/api/settings/logo"), // JSON, not a form: refused 415
    "DELETE /api/settings/logo": write("/api/settings/logo"), // there is no logo: changes nothing
    "GET /api/branding": fixed("/api/branding"),
    "GET /api/branding/logo": fixed("/api/branding/logo", "through"), // no logo was uploaded: 404
    "GET /api/inbox": fixed("/api/inbox"),
    "POST /api/inbox/:id/assign": write(`/api/inbox/${anyId()}/assign`),
    "GET /api/leads/:id/conversation": read((who) => `/api/leads/${own(who)}/conversation`),
    "GET /api/inbound/:id/attachments/:fileId": fixed(`/api/inbound/${anyId()}/attachments/${anyId()}`, "through"), // no such message: 404
  };
}

/** Three leads (A for director A, B for director B, U for nobody but staff), each with something in every read model. */
async function plantWorld(app: TestApp): Promise<World> {
  const partnerAccount = await signUpAs(app, { role: "Partner" });
  const partner = staffClient(app, partnerAccount);
  const manager = await signUpAs(app, { role: "Project Manager" });
  const a = await signUpAs(app, { role: "Creative Director", displayName: "Director A" });
  const b = await signUpAs(app, { role: "Creative Director", displayName: "Director B" });
  const auditor = await signUpAs(app, { role: "Auditor" });
  const pending = await signUpAs(app, { role: "Project Manager", approved: false });
  const rejected = await signUpAs(app, { role: "Partner", approved: false });
  const unregistered = await signUpAs(app, { role: null });
  expect((await partner.delete(`/api/users/${rejected.accountId}/reject`)).status).toBe(204);
  const deactivated = await signUpAs(app, { role: "Project Manager" });
  expect((await partner.post(`/api/users/${deactivated.accountId}/deactivate`)).status).toBe(200);
  const invited = await partner.post("/api/users/invites", {
    email: "ivy.invited@leak-matrix.example",
    displayName: "Ivy",
    role: "Partner",
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  // Fresh links whose tokens the test holds (each retires the one mailed before it), as renewing does.
  const tokens = accountTokens(app.system.db, () => app.system.now());
  const inviteToken = (await tokens.issue("invite", invited.body.id, "ivy.invited@leak-matrix.example", INVITE_LIFETIME_MS)).token;
  const resetToken = (await tokens.issue("reset", manager.accountId, manager.email, RESET_LIFETIME_MS)).token;

  const planted: PlantedLead[] = [];
  const meetings = new Map<string, string>();
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const plant = async (label: string, director?: SignedIn) => {
    const values = uniqueLeadValues(label);
    const created = await partner.post("/api/leads", { ...values, phone: "+44 20 7946 0000", notes: `${label} notes` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    planted.push({ id, values: [values.name, values.business, values.email] });
    expect((await partner.patch(`/api/leads/${id}`, { stage: "Contract Signed" })).status).toBe(200);
    const meeting = await partner.post("/api/meetings", kickOffMeeting(id, `${label} kick-off`));
    expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
    meetings.set(id, meeting.body.id);
    expect((await partner.post(`/api/leads/${id}/send-email`, { subject: `${label} proposal`, message: "Hello" })).status).toBe(202);
    const link = await partner.post(`/api/leads/${id}/client-link`, {});
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = String(link.body.url).split("/").pop()!;
    links.set(id, token);
    const answered = await call(app, "/api/questionnaire", {
      method: "POST",
      ip: freshIp(),
      body: { token, brandWords: `${label} brand` },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    partner.saw(answered);
    if (director) {
      const assigned = await partner.post(`/api/onboarding/${id}/assign-director`, { creativeDirectorId: director.user!.id });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      const creative = staffClient(app, director);
      creative.saw(assigned);
      expect((await creative.get(`/api/creative/clients`)).body.map((c: { id: string }) => c.id)).toContain(id);
      const file = await upload(app, director, id, "photo", PNG, `${label}.png`);
      expect(file.status, JSON.stringify(file.body)).toBe(201);
      files.set(id, file.body.id);
      const submitted = await creative.post("/api/content-submissions", {
        leadId: id,
        type: "photo",
        title: `${label} hero`,
        description: "cut",
        caption: "",
        fileId: file.body.id,
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const task = await creative.post("/api/creative-tasks", { leadId: id, title: `${label} storyboard`, description: "frames" });
      expect(task.status, JSON.stringify(task.body)).toBe(201);
      partner.saw(task);
    }
    return id;
  };
  const leads = { a: await plant("Alpha", a), b: await plant("Bravo", b), u: await plant("Umber") };
  // Every read model has caught up with the last write before the matrix reads.
  expect((await partner.get(`/api/leads/${leads.u}`)).status).toBe(200);

  const all = [leads.a, leads.b, leads.u];
  const principals: Principal[] = [
    { name: "signed out", audience: "anonymous", sees: [] },
    { name: "unregistered", audience: "unregistered", accountId: unregistered.accountId, sees: [] },
    { name: "pending", audience: "pending", accountId: pending.accountId, sees: [] },
    { name: "rejected", audience: "unregistered", accountId: rejected.accountId, sees: [] },
    { name: "Project Manager", audience: "Project Manager", accountId: manager.accountId, sees: all },
    { name: "Creative Director A", audience: "Creative Director", accountId: a.accountId, sees: [leads.a] },
    { name: "Creative Director B", audience: "Creative Director", accountId: b.accountId, sees: [leads.b] },
    { name: "Partner", audience: "Partner", accountId: partnerAccount.accountId, sees: all },
    // Reads everything a Partner reads and changes nothing; every read of theirs is recorded in the log.
    { name: "Auditor", audience: "Auditor", accountId: auditor.accountId, sees: all },
    // The link's page shows nothing of the lead: its holder may see no lead's values, not even its own.
    { name: "questionnaire-link holder", audience: "anonymous", link: links.get(leads.u)!, sees: [] },
    // A deactivated colleague's sessions are refused as if signed out, even one made after the deactivation.
    { name: "deactivated", audience: "anonymous", accountId: deactivated.accountId, sees: [] },
    // Mailed links open one page each and nothing else; their holders have no session.
    { name: "invitation-link holder", audience: "anonymous", mailed: { invite: inviteToken }, sees: [] },
    { name: "reset-link holder", audience: "anonymous", mailed: { reset: resetToken }, sees: [] },
  ];
  return { leads, planted, principals, meetings, files, partner, directors: { a, b } };
}

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`leak matrix on ${backend}`, () => {
    let app: TestApp;
    let world: World;

    beforeAll(async () => {
      app = await startTestApp(backend, {}, { chain: true }); // the audit routes read the chain and its checkpoint
      world = await plantWorld(app);
    }, 180_000);
    afterAll(() => app?.close());

    it("has a sample for every route of the policy, and none for a route it lacks", () => {
      const samples = Object.keys(samplesFor(world));
      expect([...policyKeys()].filter((route) => !samples.includes(route))).toEqual([]);
      expect(samples.filter((route) => !policyKeys().has(route))).toEqual([]);
    });

    it("answers every principal as the policy promises, and never with another lead's data; records each of the Auditor's reads", async () => {
      const auditor = world.principals.find((p) => p.audience === "Auditor")!;
      const before = (await recordedReads(app, auditor.accountId!)).length;
      const samples = samplesFor(world);
      const findings = await runRoleMatrix({ app, principals: world.principals, leads: world.planted, samples });
      expect(findings).toEqual([]);
      // One record per read the matrix made as the Auditor, as it was asked (a secret path as its template).
      const asked = ACCESS_POLICY.filter((rule) => rule.method === "GET").map((rule) => {
        const url = samples[`${rule.method} ${rule.path}`]!.call(auditor).path;
        const query = keptQuery(url);
        return `GET ${loggedPath(url.split("?", 1)[0]!)}${query ? `?${query}` : ""}`;
      });
      await expect.poll(async () => (await recordedReads(app, auditor.accountId!)).length).toBe(before + asked.length);
      const recorded = (await recordedReads(app, auditor.accountId!)).slice(before);
      expect(recorded.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""}`).sort()).toEqual(asked.sort());
    }, 300_000);

    it("finds a planted fault: a gate that lets an Auditor write, or refuses it a read", async () => {
      const auditor = world.principals.find((p) => p.audience === "Auditor")!;
      const line = (route: string) => ACCESS_POLICY.find((rule) => `${rule.method} ${rule.path}` === route)!;
      const write = line("POST /api/leads");
      const read = line("GET /api/leads");
      // The gate matches on these very lists (createRuleMatcher keeps each line's audiences): editing them in
      // place stands for an Auditor rule gone wrong, one line each way.
      const writers = write.allow as Audience[];
      const readers = read.allow as Audience[];
      writers.push("Auditor");
      readers.splice(readers.indexOf("Auditor"), 1);
      try {
        const findings = await runRoleMatrix({
          app,
          principals: [auditor],
          leads: world.planted,
          samples: samplesFor(world),
          policy: [write, read],
        });
        expect(findings.map((f) => `${f.route}: ${f.problem.split(" (")[0]}`)).toEqual(
          expect.arrayContaining([
            "POST /api/leads: answered 400, the policy promises 403",
            expect.stringMatching(/^GET \/api\/leads: answered 403/),
          ]),
        );
      } finally {
        writers.pop();
        readers.push("Auditor");
      }
    });

    it("refuses a Creative Director the lead page of another director's client and of a lead with none", async () => {
      const samples = samplesFor(world);
      const directorA = world.principals.find((p) => p.name === "Creative Director A")!;
      const forbidden = forbiddenFor(directorA, world.planted);
      const leadPage = [
        "GET /api/leads/:id",
        "GET /api/activities",
        "GET /api/meetings",
        "GET /api/meetings/:id",
        "GET /api/questionnaire/:leadId",
        "GET /api/questionnaire/:leadId/versions",
      ];
      for (const other of [world.leads.b, world.leads.u])
        for (const route of leadPage) {
          // The route's own sample, called as director A but with the other lead's ids.
          const { path } = samples[route]!.call({ ...directorA, sees: [other] });
          const answer = await call(app, path, { bearer: world.directors.a.token, ip: freshIp() });
          expect(answer.status, `${route}: ${path}`).toBe(403);
          expect(leaksIn(JSON.stringify(answer.body), forbidden), `${route}: ${path}`).toEqual([]);
        }
    });

    it("finds a planted leak: an unscoped recent-activity list shown to a Creative Director", async () => {
      // The same route, answered as before the fix: every lead's activity, whoever asks.
      const leaky = ACCESS_POLICY.filter((rule) => rule.path === "/api/activities/recent");
      const stack = app.express.router.stack;
      app.express.get("/api/activities/recent", async (_req, res) => void res.json(await recentActivities(app.system.db, true, 100)));
      const planted = stack.pop()!;
      // Behind the gate, as a real route would be: the policy still turns away who it turns away.
      stack.splice(stack.findIndex((layer) => layer.handle === storableQueryOnly) + 1, 0, planted);
      try {
        const findings = await runRoleMatrix({
          app,
          principals: world.principals,
          leads: world.planted,
          samples: samplesFor(world),
          policy: leaky,
        });
        expect(findings.map((f) => f.principal)).toEqual(expect.arrayContaining(["Creative Director A", "Creative Director B"]));
        expect(findings.every((f) => f.problem.includes("carries another lead's"))).toBe(true);
      } finally {
        stack.splice(stack.indexOf(planted), 1);
      }
    });

    it("sends each live notice only to those who may read what it names", async () => {
      const staff = world.principals.filter((p) => STREAM_READERS.includes(p.audience));
      const streams = await Promise.all(staff.map(async (who) => ({ who, stream: await followStream(app, who) })));
      try {
        for (const { stream } of streams) expect(stream.status).toBe(200);
        // A change to every lead, then wait for each reader to hear of the leads it may see.
        for (const id of Object.values(world.leads))
          expect((await world.partner.patch(`/api/leads/${id}`, { notes: `touched ${randomUUID()}` })).status).toBe(200);
        for (const { who, stream } of streams)
          await expect.poll(() => who.sees.filter((id) => !stream.notices.some((n) => n.includes(`lead:${id}`)))).toEqual([]);
        for (const { who, stream } of streams) {
          const leaked = stream.notices.flatMap((notice) => leaksIn(notice, forbiddenFor(who, world.planted)));
          expect(leaked, `${who.name}'s notices`).toEqual([]);
        }
      } finally {
        await Promise.all(streams.map(({ stream }) => stream.stop()));
      }
    });

    it("refuses the stream to pending, rejected and signed-out callers, and a sixth stream of one session", async () => {
      for (const who of world.principals.filter((p) => !STREAM_READERS.includes(p.audience))) {
        const stream = await followStream(app, who);
        expect([401, 403], who.name).toContain(stream.status);
        await stream.stop();
      }
      // A new session of an account planted long ago: a notice about a new account would end its streams.
      const manager = world.principals.find((p) => p.audience === "Project Manager")!;
      const { token } = await sessionStore(app.system.db, () => new Date()).create(manager.accountId!);
      const open = async () => {
        const controller = new AbortController();
        const res = await fetch(`${app.url}/api/events/stream`, {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        return { status: res.status, body: res.status === 200 ? null : await res.json(), stop: () => controller.abort() };
      };
      const five = await Promise.all(Array.from({ length: 5 }, open));
      expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await open();
      expect(sixth.status).toBe(429);
      expect(sixth.body.detail).toMatch(/at most 5 live streams/);
      five[0]!.stop();
      await expect
        .poll(async () => {
          const again = await open();
          again.stop();
          return again.status;
        })
        .toBe(200);
      for (const s of five) s.stop();
    });
  });
