import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { call, type CallResult } from "../testing/http-client.ts";
import type { SignedIn } from "../testing/sign-up-as.ts";
import type { TestApp } from "../testing/test-app.ts";

/** The newest position any client of an app has written: every read waits for it. */
const latest = new WeakMap<TestApp, string>();

/** An API client for one signed-in person that reads every client's writes (X-Min-Position). */
export function clientFor(app: TestApp, who: SignedIn) {
  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
    const position = latest.get(app);
    const once = () =>
      call(app, path, {
        method,
        bearer: who.token,
        ...(body !== undefined ? { body } : {}),
        headers: { ...(position && method === "GET" ? { "X-Min-Position": position } : {}), ...headers },
      });
    let result = await once();
    // A stale answer is not wrong, only early: on a shared Postgres any long transaction in another
    // database holds the log back. Ask again (each try waits up to 2 s on the server) rather than
    // turn the read-your-writes timeout into an assertion about timing.
    for (let attempt = 1; method === "GET" && result.headers.get("x-stale") === "true" && attempt < 30; attempt++) result = await once();
    if (method === "GET") expect(result.headers.get("x-stale")).toBeNull();
    const written = result.body?.position;
    if (method !== "GET" && typeof written === "string" && written > (latest.get(app) ?? "")) latest.set(app, written);
    return result;
  }
  return {
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => send("PATCH", path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => send("DELETE", path, undefined, headers),
    /** Creates a lead and answers its id. */
    async createLead(fields: { name: string; business?: string; email?: string; priority?: string }): Promise<string> {
      const email = fields.email ?? `${randomUUID().slice(0, 8)}@example.com`;
      const created = await send("POST", "/api/leads", { business: "Biz", ...fields, email });
      expect(created.status).toBe(201);
      return created.body.id as string;
    },
  };
}

export type LeadClient = ReturnType<typeof clientFor>;

/** A word no other test's leads contain, to search one test's leads out of the shared board. */
export const uniqueWord = () => `w${randomUUID().replaceAll("-", "").slice(0, 10)}`;
