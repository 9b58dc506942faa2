import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import * as contract from "@crm/contracts/api/command-result";
import { adoptEarlyReads, AnswerShapeError, apiGet, apiRequest, HttpError, MIN_POSITION_HEADER, pendingPosition, resetPosition, STALE_HEADER } from "./api-client.ts";

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake network: answers each fetch with the next canned response and records the request. */
function network(...responses: Response[]) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected fetch ${url}`);
    return next;
  });
  return calls;
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" }, ...init });
/** Any answer: these tests are about the door, not a shape. */
const Anything = z.unknown();
const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

beforeEach(() => resetPosition());
afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("uses the header names of the contract", () => {
    expect(MIN_POSITION_HEADER).toBe(contract.MIN_POSITION_HEADER);
    expect(STALE_HEADER).toBe(contract.STALE_HEADER);
  });

  it("raises '<status>: <body>' on a failed call, keeping the problem's detail", async () => {
    network(new Response(JSON.stringify({ title: "Conflict", status: 409, detail: "An account with this email already exists." }), { status: 409 }));
    const error = await apiRequest("POST", "/api/auth/sign-up", { email: "a@b.c", password: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('409: {"title":"Conflict","status":409,"detail":"An account with this email already exists."}');
    expect((error as HttpError).detail).toBe("An account with this email already exists.");
  });

  it("uses the status text when the failed response has no body", async () => {
    network(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(apiGet("/api/stats", Anything)).rejects.toThrow("503: Service Unavailable");
  });

  it("answers the first read of a URL with the read the entry started, and asks the network after", async () => {
    const calls = network(json({ n: 2 }));
    adoptEarlyReads({ "/api/auth/me": Promise.resolve(json({ n: 1 })) });
    await expect(apiGet("/api/auth/me", Anything)).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(0);
    await expect(apiGet("/api/auth/me", Anything)).resolves.toEqual({ n: 2 });
    expect(calls.map((call) => call.url)).toEqual(["/api/auth/me"]);
  });

  it("leaves an early read unused when a command's position must be waited for", async () => {
    const calls = network(json({ position: "0000000000000000000042" }), json({ fresh: true }));
    await apiRequest("POST", "/api/leads", {});
    adoptEarlyReads({ "/api/auth/me": Promise.resolve(json({ stale: true })) });
    await expect(apiGet("/api/auth/me", Anything)).resolves.toEqual({ fresh: true });
    expect(headersOf(calls[1]).get(MIN_POSITION_HEADER)).toBe("0000000000000000000042");
  });

  it("answers null to a read refused with 401", async () => {
    network(new Response("", { status: 401 }));
    await expect(apiGet("/api/auth/me", Anything)).resolves.toBeNull();
  });

  it("still raises on a 401 from a command", async () => {
    network(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("POST", "/api/leads", {})).rejects.toThrow("401: Unauthorized");
  });

  it("sends credentials, and a JSON body only when there is a payload", async () => {
    const calls = network(json({ id: "1" }), new Response(null, { status: 204 }));
    await apiRequest("POST", "/api/leads", { name: "Ada" });
    await apiRequest("POST", "/api/auth/sign-out");
    expect(calls[0]?.init).toMatchObject({ credentials: "include", body: '{"name":"Ada"}' });
    expect(headersOf(calls[0]).get("Content-Type")).toBe("application/json");
    expect(calls[1]?.init.body).toBeUndefined();
    expect(headersOf(calls[1]).has("Content-Type")).toBe(false);
  });

  it("sends the last command's position as X-Min-Position until a read answers fresh", async () => {
    const calls = network(
      json({ id: "lead-1", version: 1, position: "0000000000000000042-0000000000000000007" }),
      json([], { headers: { [STALE_HEADER]: "true" } }),
      json([]),
      json([]),
    );
    await apiRequest("POST", "/api/leads", { name: "Ada" });
    expect(pendingPosition()).toBe("0000000000000000042-0000000000000000007");
    await apiGet("/api/leads", Anything);
    await apiGet("/api/leads", Anything);
    await apiGet("/api/leads", Anything);
    expect(headersOf(calls[1]).get(MIN_POSITION_HEADER)).toBe("0000000000000000042-0000000000000000007");
    expect(headersOf(calls[2]).get(MIN_POSITION_HEADER)).toBe("0000000000000000042-0000000000000000007");
    expect(headersOf(calls[3]).has(MIN_POSITION_HEADER)).toBe(false);
  });

  it("keeps the newest position when answers arrive out of order", async () => {
    network(json({ position: "0000000000000000002-0000000000000000001" }), json({ position: "0000000000000000001-0000000000000000009" }));
    await apiRequest("PATCH", "/api/leads/a", { stage: "Contacted" });
    await apiRequest("PATCH", "/api/leads/b", { stage: "Contacted" });
    expect(pendingPosition()).toBe("0000000000000000002-0000000000000000001");
  });

  it("parses an answer with the endpoint's schema, and names the path of a wrong shape", async () => {
    const Lead = z.object({ id: z.string(), name: z.string(), phone: z.nullable(z.string()) });
    network(json([{ id: "a", name: "Ada", phone: null }]), json([{ id: "b", name: 7, phone: null }]));
    await expect(apiGet("/api/leads?search=a", z.array(Lead))).resolves.toEqual([{ id: "a", name: "Ada", phone: null }]);
    const error = await apiGet("/api/leads?search=b", z.array(Lead)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect((error as Error).message).toMatch(/^GET \/api\/leads answered an unexpected shape \(0\.name: /);
  });

  it("parses a command's answer when given a schema, after remembering its position", async () => {
    network(json({ id: "a", version: 2, position: "00000000000000000009" }), json({ id: "a" }));
    const Answer = z.object({ id: z.string(), version: z.number(), position: z.string() });
    await expect(apiRequest("PATCH", "/api/leads/a", { stage: "Won" }, Answer)).resolves.toMatchObject({ version: 2 });
    expect(pendingPosition()).toBe("00000000000000000009");
    await expect(apiRequest("PATCH", "/api/leads/a", { stage: "Won" }, Answer)).rejects.toBeInstanceOf(AnswerShapeError);
  });

  it("keeps the fields a 400 problem names", async () => {
    const problem = { type: "about:blank", title: "Validation failed", status: 400, errors: [{ field: "email", message: "Enter a valid email address" }, { nonsense: true }] };
    network(new Response(JSON.stringify(problem), { status: 400 }));
    const error = (await apiRequest("POST", "/api/leads", { email: "x" }).catch((e: unknown) => e)) as HttpError;
    expect(error.fieldErrors).toEqual([{ field: "email", message: "Enter a valid email address" }]);
  });
});
