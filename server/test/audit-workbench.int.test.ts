import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntityState, AuditEvent, AuditEventPage } from "@crm/contracts/audit/workbench";
import { parseCsv } from "@crm/contracts/lead/csv";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";
import { kickOffMeeting } from "./questionnaire-helpers.ts";

const backends = await availableBackends();

/** A display name a spreadsheet would run as a formula, were the export not neutralising it. */
const FORMULA = '=HYPERLINK("http://evil.example","x")';

describe.each(backends)("the audit workbench's API on %s", (backend) => {
  let app: TestApp;
  let partner: SignedIn;
  let manager: SignedIn;
  let auditor: SignedIn;
  let pat: LeadClient;
  let max: LeadClient;
  /** A word only the first lead's data holds, written in another case than the search's. */
  const word = uniqueWord();
  let leadId: string;
  let otherLeadId: string;
  let meetingId: string;
  /**
   * The instant the seeded log ends: reactors (the meeting's invitations) may append after it, so
   * tests that compare whole listings ask for the events up to it (`to=`), which no later append changes.
   */
  let cutoff: string;
  const upTo = () => `to=${encodeURIComponent(cutoff)}&limit=200`;

  /** The workbench lists chained events only: the app's follower chains all the log holds. */
  const chainAll = () => app.chain!.settle();

  const asAuditor = (path: string) => call(app, path, { bearer: auditor.token });
  const page = async (query: string): Promise<AuditEventPage> => {
    const answer = await asAuditor(`/api/audit/events?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as AuditEventPage;
  };
  const state = async (streamId: string, at?: string): Promise<AuditEntityState> => {
    const answer = await asAuditor(`/api/audit/entities/${streamId}${at ? `?at=${encodeURIComponent(at)}` : ""}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as AuditEntityState;
  };

  beforeAll(async () => {
    app = await startTestApp(backend, {}, { chain: true });
    partner = await signUpAs(app, { role: "Partner", displayName: "Pat Partner" });
    manager = await signUpAs(app, { role: "Project Manager", displayName: "Max Manager" });
    auditor = await signUpAs(app, { role: "Auditor", displayName: "Audrey Auditor" });
    pat = clientFor(app, partner);
    max = clientFor(app, manager);
    leadId = await pat.createLead({ name: `Ada ${word.toUpperCase()}`, business: "100% Cotton_Mills" });
    expect((await pat.patch(`/api/leads/${leadId}`, { name: "Ada King" })).status).toBe(200);
    otherLeadId = await max.createLead({ name: "Brunel", business: "Bridges" });
    const meeting = await pat.post("/api/meetings", kickOffMeeting(leadId, "Kick-off"));
    expect(meeting.status).toBe(201);
    meetingId = meeting.body.id;
    const moved = await pat.patch(`/api/meetings/${meetingId}`, { startTime: "2030-02-01T15:00:00Z", endTime: "2030-02-01T16:00:00Z" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await max.patch("/api/profile", { displayName: FORMULA })).status).toBe(200);
    cutoff = new Date().toISOString();
    await chainAll();
  });
  afterAll(() => app?.close());

  it("lists every event of the log newest first, each with its entity, its actor's name and its data", async () => {
    const { events, next } = await page(upTo());
    expect(next).toBeNull();
    const { rows } = await app.system.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE (metadata->>'at')::timestamptz <= $1::timestamptz",
      [cutoff],
    );
    expect(events).toHaveLength(rows[0]!.n);
    const order = events.map((e) => [e.at, e.seq] as const);
    expect(order).toEqual([...order].sort(([a, s], [b, t]) => (a === b ? t - s : a < b ? 1 : -1)));
    const created = events.find((e) => e.type === "LeadCreated" && e.entity.id === leadId)!;
    expect(created).toMatchObject({
      streamId: `lead-${leadId}`,
      streamVersion: 1,
      entity: { kind: "lead", id: leadId },
      actor: { id: partner.accountId, name: "Pat Partner" },
      data: { name: `Ada ${word.toUpperCase()}` },
    });
    expect(created.position).toMatch(/^\d{20}-\d{20}$/);
  });

  it("filters by actor, type, entity, period and text, each alone and combined", async () => {
    const all = (await page(upTo())).events;
    const byActor = (await page(`actor=${manager.accountId}&${upTo()}`)).events;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.actor.id === manager.accountId)).toBe(true);
    expect(byActor.map((e) => e.seq)).toEqual(all.filter((e) => e.actor.id === manager.accountId).map((e) => e.seq));
    expect(byActor.map((e) => e.type)).toEqual(expect.arrayContaining(["LeadCreated", "UserProfileChanged"]));

    const byType = (await page("type=MeetingRescheduled")).events;
    expect(byType.map((e) => e.streamId)).toEqual([`meeting-${meetingId}`]);

    const byEntity = (await page(`entity=meeting-${meetingId}&${upTo()}`)).events;
    expect(byEntity.map((e) => e.seq)).toEqual(all.filter((e) => e.streamId === `meeting-${meetingId}`).map((e) => e.seq));
    expect(byEntity.map((e) => e.type)).toEqual(expect.arrayContaining(["MeetingScheduled", "MeetingRescheduled"]));

    // A period from the first lead's rename to the second lead's creation, both ends included.
    const renamed = all.find((e) => e.type === "LeadDetailsChanged" && e.entity.id === leadId)!;
    const other = all.find((e) => e.type === "LeadCreated" && e.entity.id === otherLeadId)!;
    const inPeriod = (await page(`from=${encodeURIComponent(renamed.at)}&to=${encodeURIComponent(other.at)}&limit=200`)).events;
    expect(inPeriod.map((e) => e.seq)).toEqual(all.filter((e) => e.at >= renamed.at && e.at <= other.at).map((e) => e.seq));
    expect(inPeriod.map((e) => e.seq)).toEqual(expect.arrayContaining([renamed.seq, other.seq]));
    expect(inPeriod.length).toBeLessThan(all.length);

    // Text: case-insensitive, over the data; % and _ are characters, not wildcards.
    const byText = (await page(`q=${word}`)).events;
    expect(byText.map((e) => [e.type, e.entity.id])).toEqual([["LeadCreated", leadId]]);
    const percent = (await page(`q=${encodeURIComponent("0% Cotton_")}`)).events;
    expect(percent.map((e) => e.type)).toEqual(["LeadCreated"]);
    expect((await page(`q=${encodeURIComponent("0_ Cotton%")}`)).events).toEqual([]);

    const combined = (await page(`actor=${manager.accountId}&type=LeadCreated&from=${encodeURIComponent(other.at)}`)).events;
    expect(combined.map((e) => e.entity.id)).toEqual([otherLeadId]);
    expect((await page(`actor=${manager.accountId}&type=MeetingScheduled`)).events).toEqual([]);
    expect((await page(`q=${word}&entity=meeting-${meetingId}`)).events).toEqual([]);
  });

  it("pages with before: each page continues where the last stopped, until next is null", async () => {
    const all = (await page(upTo())).events;
    const seen: AuditEvent[] = [];
    let before: number | null | undefined;
    for (let pages = 0; before !== null; pages++) {
      expect(pages).toBeLessThan(all.length);
      const next = await page(`to=${encodeURIComponent(cutoff)}&limit=3${before ? `&before=${before}` : ""}`);
      expect(next.events.length).toBeLessThanOrEqual(3);
      seen.push(...next.events);
      before = next.next;
      if (before !== null) expect(before).toBe(next.events.at(-1)!.seq);
    }
    expect(seen.map((e) => e.seq)).toEqual(all.map((e) => e.seq));
    // Filters and paging together.
    const first = await page(`actor=${partner.accountId}&to=${encodeURIComponent(cutoff)}&limit=1`);
    const second = await page(`actor=${partner.accountId}&to=${encodeURIComponent(cutoff)}&limit=1&before=${first.next}`);
    expect(second.events.map((e) => e.seq)).toEqual(
      all
        .filter((e) => e.actor.id === partner.accountId)
        .slice(1, 2)
        .map((e) => e.seq),
    );
  });

  it("refuses bad filters with a 400 naming each field", async () => {
    const cases: [string, string][] = [
      ["type=NoSuchEvent", "type"],
      ["from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to"],
      ["from=yesterday", "from"],
      ["limit=0", "limit"],
      ["limit=201", "limit"],
      ["limit=ten", "limit"],
      ["before=abc", "before"],
      [`q=${"x".repeat(201)}`, "q"],
    ];
    for (const [query, field] of cases) {
      const answer = await asAuditor(`/api/audit/events?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get("content-type")).toContain("application/problem+json");
      expect(
        (answer.body.errors as { field: string }[]).map((e) => e.field),
        query,
      ).toEqual([field]);
    }
    for (const path of ["/api/audit/events.csv?type=NoSuchEvent", "/api/audit/events.jsonl?type=NoSuchEvent"]) {
      const answer = await asAuditor(path);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe("type");
    }
  });

  it("exports the filtered events as JSON lines and as spreadsheet-safe CSV, newest first", async () => {
    const filter = `actor=${manager.accountId}&to=${encodeURIComponent(cutoff)}`;
    const listed = (await page(`${filter}&limit=200`)).events;
    const lines = await fetch(`${app.url}/api/audit/events.jsonl?${filter}`, { headers: auditor.headers });
    expect(lines.status).toBe(200);
    expect(lines.headers.get("content-type")).toContain("application/x-ndjson");
    expect(lines.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.jsonl"$/);
    const parsed = (await lines.text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as AuditEvent);
    expect(parsed).toEqual(listed);

    const csv = await fetch(`${app.url}/api/audit/events.csv?${filter}`, { headers: auditor.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    const text = await csv.text();
    const [header, ...rows] = parseCsv(text).map((r) => r.fields);
    expect(header).toEqual(["seq", "at", "actor", "actor name", "type", "entity kind", "entity id", "version", "position", "data"]);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((e) => e.seq));
    const created = rows.find((r) => r[4] === "LeadCreated")!;
    expect(created.slice(2, 9)).toEqual([
      manager.accountId,
      FORMULA,
      "LeadCreated",
      "lead",
      otherLeadId,
      "1",
      listed.find((e) => e.type === "LeadCreated")!.position,
    ]);
    expect(JSON.parse(created[9]!)).toMatchObject({ name: "Brunel", business: "Bridges" });
    // The actor's name, a formula, is written as text: no cell of the file starts with "=".
    expect(text).toContain(`'${FORMULA.replaceAll('"', '""')}`);
    expect(text.split(/[\r\n,]/).some((cell) => cell.replace(/^"/, "").startsWith("="))).toBe(false);
  });

  it("shows a meeting, a user and a lead as they were at a past moment and as they are now", async () => {
    const all = (await page(upTo())).events;
    const justBefore = (type: string, entityId: string) =>
      new Date(Date.parse(all.find((e) => e.type === type && e.entity.id === entityId)!.at) - 1).toISOString();

    const meeting = `meeting-${meetingId}`;
    const thenMeeting = await state(meeting, justBefore("MeetingRescheduled", meetingId));
    const nowMeeting = await state(meeting);
    expect(thenMeeting).toMatchObject({
      streamId: meeting,
      kind: "meeting",
      exists: true,
      state: { title: "Kick-off", startTime: expect.stringMatching(/^2030-01-31T15:00/) },
    });
    expect(nowMeeting.state).toMatchObject({
      title: "Kick-off",
      startTime: expect.stringMatching(/^2030-02-01T15:00/),
      lastEventType: nowMeeting.lastEvent!.type,
    });
    expect(nowMeeting.version).toBeGreaterThan(thenMeeting.version);
    expect(nowMeeting.lastEvent!.actor).toEqual({ id: partner.accountId, name: "Pat Partner" });

    const user = `user-${manager.accountId}`;
    const thenUser = await state(user, justBefore("UserProfileChanged", manager.accountId));
    expect(thenUser.state).toMatchObject({ displayName: "Max Manager" });
    expect((await state(user)).state).toMatchObject({ displayName: FORMULA, lastEventType: "UserProfileChanged" });

    const lead = `lead-${leadId}`;
    const thenLead = await state(lead, justBefore("LeadDetailsChanged", leadId));
    expect(thenLead).toMatchObject({
      kind: "lead",
      exists: true,
      version: 1,
      state: { id: leadId, name: `Ada ${word.toUpperCase()}`, version: 1 },
    });
    expect(thenLead.lastEvent).toMatchObject({ type: "LeadCreated", actor: { id: partner.accountId, name: "Pat Partner" } });
    // Now, the replay is the lead as the read model has it.
    const nowLead = await state(lead);
    expect(nowLead.state).toEqual((await pat.get(`/api/leads/${leadId}`)).body);

    const beforeAll = await state(lead, "2000-01-01T00:00:00Z");
    expect(beforeAll).toMatchObject({ exists: false, version: 0, state: {}, lastEvent: null, at: "2000-01-01T00:00:00.000Z" });
  });

  it("answers 404 for a stream with no events and 400 for a bad stream id or moment", async () => {
    expect((await asAuditor("/api/audit/entities/meeting-00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await asAuditor(`/api/audit/entities/${encodeURIComponent("lead x")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("streamId");
    const moment = await asAuditor(`/api/audit/entities/lead-${leadId}?at=yesterday`);
    expect(moment.status).toBe(400);
    expect(moment.body.errors[0].field).toBe("at");
  });

  it("opens to Partners and Auditors only", async () => {
    expect((await call(app, "/api/audit/events", { bearer: partner.token })).status).toBe(200);
    const director = await signUpAs(app, { role: "Creative Director" });
    for (const who of [manager, director])
      for (const path of ["/api/audit/events", "/api/audit/events.csv", "/api/audit/events.jsonl", `/api/audit/entities/lead-${leadId}`])
        expect((await call(app, path, { bearer: who.token })).status, path).toBe(403);
  });
});
