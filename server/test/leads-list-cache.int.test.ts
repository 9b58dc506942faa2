import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { rebuildProjections } from "@crm/projector/rebuild";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { rawRequest } from "../testing/raw-request.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

const backends = await availableBackends();

/** A GET of the app that shows the bytes on the wire. */
const rawGet = (app: TestApp, path: string, headers: Record<string, string>) => rawRequest(`${app.url}${path}`, headers);

describe.each(backends)("GET /api/leads and /api/stats answer from what was read at the same leads stamp on %s", (backend) => {
  let app: TestApp;
  let partner: SignedIn;
  let api: LeadClient;
  beforeAll(async () => {
    app = await startTestApp(backend);
    partner = await signUpAs(app, { role: "Partner" });
    api = clientFor(app, partner);
  });
  afterAll(() => app.close());

  const names = (body: unknown) => (body as { name: string }[]).map((lead) => lead.name);

  it("revalidates with its ETag: 304 while nothing changed, the new list once a command lands", async () => {
    const word = uniqueWord();
    await api.createLead({ name: `${word} one` });
    const first = await api.get(`/api/leads?search=${word}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    // node:http, as a browser's cache revalidates: fetch would add Cache-Control: no-cache, which asks for a full answer.
    const revalidate = () => rawGet(app, `/api/leads?search=${word}`, { ...partner.headers, "If-None-Match": etag });
    const again = await revalidate();
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    await api.createLead({ name: `${word} two` });
    await api.get(`/api/leads?search=${word}`); // waits for the projector to pass the command
    const after = await revalidate();
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(names(JSON.parse(after.body.toString("utf8")))).toEqual([`${word} two`, `${word} one`]);
  });

  it("keeps each filter's list apart", async () => {
    const word = uniqueWord();
    await api.createLead({ name: `${word} high`, priority: "high" });
    await api.createLead({ name: `${word} low`, priority: "low" });
    const high = await api.get(`/api/leads?search=${word}&priority=high`);
    const all = await api.get(`/api/leads?search=${word}`);
    expect(names(high.body)).toEqual([`${word} high`]);
    expect(names(all.body)).toEqual([`${word} low`, `${word} high`]);
    expect(high.headers.get("etag")).not.toBe(all.headers.get("etag"));
  });

  it("renders again after a rebuild swaps in a new table at the same position", async () => {
    const word = uniqueWord();
    await api.createLead({ name: `${word} kept` });
    const before = await api.get(`/api/leads?search=${word}`);
    await rebuildProjections({ db: app.system.db, store: app.system.store, projections: ALL_PROJECTIONS });
    const after = await rawGet(app, `/api/leads?search=${word}`, { ...partner.headers, "If-None-Match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(names(JSON.parse(after.body.toString("utf8")))).toEqual([`${word} kept`]);
  });

  it("sends a large list gzipped to clients that accept it, and plain to those that do not", async () => {
    const word = uniqueWord();
    for (let i = 0; i < 30; i++) await api.createLead({ name: `${word} ${String(i).padStart(2, "0")}` });
    await api.get(`/api/leads?search=${word}`); // waits for the projector to pass the last command
    const path = `/api/leads?search=${word}`;
    const zipped = await rawGet(app, path, { ...partner.headers, "accept-encoding": "gzip" });
    const plain = await rawGet(app, path, { ...partner.headers, "accept-encoding": "identity" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    const unzipped = gunzipSync(zipped.body);
    expect(unzipped.equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(plain.body.toString("utf8"))).toHaveLength(30);
  });

  it("counts the stats again once a command changes the leads", async () => {
    const before = (await api.get("/api/stats")).body;
    expect((await api.get("/api/stats")).body).toEqual(before);
    const id = await api.createLead({ name: `${uniqueWord()} counted` });
    expect((await api.get("/api/stats")).body).toEqual({ ...before, newLeads: before.newLeads + 1 });
    expect((await api.post(`/api/leads/${id}/move`, { stage: "Contract Sent" })).status).toBe(200);
    expect((await api.get("/api/stats")).body).toEqual({ ...before, contractsPending: before.contractsPending + 1 });
  });

  it("answers a filter that matches nothing with an empty array", async () => {
    const nothing = await api.get(`/api/leads?search=${uniqueWord()}`);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual([]);
  });
});
