import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { LeadStage } from "@crm/contracts/lead/lead";
import { call, type CallOptions, type CallResult } from "../testing/http-client.ts";
import { issueClientLink } from "../testing/client-link.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import type { TestApp } from "../testing/test-app.ts";

/** Staff calls with a bearer token; reads wait for the newest position this client wrote. */
export function staffClient(app: TestApp, who: SignedIn) {
  let position: string | undefined;
  const remember = (result: CallResult) => {
    const written = result.body?.position;
    if (typeof written === "string" && (position === undefined || written > position)) position = written;
    return result;
  };
  const client = {
    /** Lets reads wait for a position written by someone else (e.g. the public form). */
    saw: (result: CallResult) => remember(result),
    /** A read at the newest position seen; asked again while the read models lag (X-Stale) on a loaded machine. */
    async get(path: string): Promise<CallResult> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const result = await call(app, path, { bearer: who.token, headers: position ? { "X-Min-Position": position } : {} });
        if (result.headers.get("x-stale") !== "true" || Date.now() > deadline) return result;
      }
    },
    post: async (path: string, body?: unknown, options: CallOptions = {}) =>
      remember(await call(app, path, { method: "POST", bearer: who.token, ...(body !== undefined ? { body } : {}), ...options })),
    patch: async (path: string, body: unknown) => remember(await call(app, path, { method: "PATCH", bearer: who.token, body })),
    delete: async (path: string) => remember(await call(app, path, { method: "DELETE", bearer: who.token })),
    /** A new client questionnaire link for a lead (replacing its live one); answers the token from its URL. */
    async link(leadId: string): Promise<string> {
      const created = await client.post(`/api/leads/${leadId}/client-link`, {});
      expect(created.status).toBe(201);
      return tokenOf(created.body.url as string);
    },
    /** A new lead, moved to a stage; answers its id. */
    async lead(stage: LeadStage = "Contract Signed"): Promise<string> {
      const created = await client.post("/api/leads", {
        name: "Ada Client",
        business: "Lovelace Co",
        email: `${randomUUID().slice(0, 8)}@example.com`,
      });
      expect(created.status).toBe(201);
      if (stage !== "New Lead") expect((await client.patch(`/api/leads/${created.body.id}`, { stage })).status).toBe(200);
      return created.body.id as string;
    },
  };
  return client;
}

/** The token at the end of a client link's URL. */
export const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

let ipCounter = 0;
/** A client address no other test uses, so the per-IP limit of one test does not touch another. */
export const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** POST /api/questionnaire as a client who is not signed in. */
export const submitPublic = (app: TestApp, body: unknown, ip = freshIp()) => call(app, "/api/questionnaire", { method: "POST", body, ip });

/** One Partner per app who issues the links submitForLead uses. */
const linkIssuers = new WeakMap<TestApp, Promise<SignedIn>>();

/** The client's path: a fresh questionnaire link for the lead (replacing its live one), then the answers posted with its token. */
export async function submitForLead(app: TestApp, leadId: string, answers: Record<string, unknown> = {}, ip = freshIp()) {
  let issuer = linkIssuers.get(app);
  if (!issuer) linkIssuers.set(app, (issuer = signUpAs(app, { role: "Partner" })));
  const { token } = await issueClientLink(app, leadId, await issuer);
  return submitPublic(app, { token, ...answers }, ip);
}

/** A valid in-person kick-off meeting far in the future, for tests that need a lead with a meeting. */
export const kickOffMeeting = (leadId: string, title: string) => ({
  leadId,
  title,
  type: "onboarding",
  meetingType: "in-person",
  location: "Studio",
  startTime: "2030-01-31T15:00:00Z",
  endTime: "2030-01-31T16:00:00Z",
  notes: "",
  attendeeEmail: "",
});
