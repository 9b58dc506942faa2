import { randomUUID } from "node:crypto";
import { auditorStreamId } from "@crm/contracts/audit/events";
import { sessionStore } from "@crm/infra/auth/sessions";
import type { AccessRule, Audience } from "@crm/infra/http/access-policy";
import { ACCESS_POLICY, API_ROUTES } from "../../src/api.ts";
import type { TestApp } from "../../testing/test-app.ts";

/**
 * The role-matrix harness: every route of the access policy, called as every principal, on data
 * where every principal has something it may see. It answers findings (never throws), so a test
 * asserts there are none, and another proves that a planted leak is found.
 *
 * A principal is a kind of caller: an audience of the access policy, the account it calls with
 * (a fresh session for every request, so signing out spoils nothing), and the leads it may see.
 * A route's sample says how to call it as a principal: with ids of data that principal may see
 * where it may see some, so an allowed read answers 2xx with its own data.
 */

/** A lead the matrix plants: its id and the personal values no other principal may read. */
export interface PlantedLead {
  id: string;
  values: string[];
}

export interface Principal {
  name: string;
  audience: Audience;
  /** The account a session is made for on each request; none when signed out. */
  accountId?: string;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** A client link's token: a questionnaire-link holder has no session, only this. */
  link?: string;
  /** A mailed link's token: an invitation's or a password reset's holder has no session, only this. */
  mailed?: { invite?: string; reset?: string };
  /** The leads it may see; the values of every other planted lead must never reach it. */
  sees: readonly string[];
}

export interface Call {
  path: string;
  body?: unknown;
  /** Overrides the sample's want for this principal (a public route called without a working link). */
  want?: Want;
}

/** How a read's answer must look when the principal is let through. */
export type Want = "2xx" | "through";

export interface Sample {
  call: (who: Principal) => Call;
  /** "2xx" (the default for GET): an allowed read must succeed; "through": only not refused by the gate and not a 5xx. */
  want?: Want;
}

export type Samples = Record<string, Sample>;

export interface Finding {
  route: string;
  principal: string;
  problem: string;
}

export interface MatrixOptions {
  app: TestApp;
  principals: readonly Principal[];
  leads: readonly PlantedLead[];
  samples: Samples;
  policy?: readonly AccessRule[];
}

const key = (rule: Pick<AccessRule, "method" | "path">) => `${rule.method} ${rule.path}`;

let cell = 0;
/** A client address no other cell uses: the matrix must meet no rate limit. */
const freshAddress = () => `10.66.${Math.floor(++cell / 250) % 250}.${(cell % 250) + 1}`;

/** The values a principal must never be shown: those of every planted lead it may not see. */
export function forbiddenFor(who: Principal, leads: readonly PlantedLead[]): string[] {
  return leads.filter((lead) => !who.sees.includes(lead.id)).flatMap((lead) => [lead.id, ...lead.values]);
}

/** Which forbidden values a text contains (case-insensitive: emails and ids may change case). */
export function leaksIn(text: string, forbidden: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return forbidden.filter((value) => lower.includes(value.toLowerCase()));
}

async function headersOf(app: TestApp, who: Principal): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "x-forwarded-for": freshAddress(), ...who.headers };
  if (who.accountId) headers.authorization = `Bearer ${(await sessionStore(app.system.db, () => new Date()).create(who.accountId)).token}`;
  return headers;
}

/** Whether a route reads a JSON body: only those are sent one, as a client reading the OpenAPI document would. */
export const takesBody = (rule: Pick<AccessRule, "method" | "path">) =>
  API_ROUTES.some((r) => r.method === rule.method && r.path === rule.path && r.body !== undefined);

/** One request; the live stream is read for its first chunk only (it never ends). */
async function send(app: TestApp, rule: AccessRule, call: Call, who: Principal): Promise<{ status: number; text: string }> {
  const { method } = rule;
  const headers = await headersOf(app, who);
  // A body only where the route reads one, as the OpenAPI document says (`{}` unless the sample gives one).
  const withBody = call.body !== undefined || takesBody(rule);
  if (withBody) headers["content-type"] = "application/json";
  const controller = new AbortController();
  const res = await fetch(`${app.url}${call.path}`, {
    method,
    headers,
    redirect: "manual",
    signal: controller.signal,
    ...(withBody ? { body: JSON.stringify(call.body ?? {}) } : {}),
  });
  let text: string;
  if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const reader = res.body!.getReader();
    text = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
  } else {
    text = await res.text();
  }
  return { status: res.status, text };
}

/**
 * The writes an Auditor may make (docs/product.md, "Roles"): on its own session and account, and what
 * anyone may do with a mailed link or the public form. Stated here, apart from the access policy, so a
 * policy that lets an Auditor make any other write is caught, whatever the route's declaration says.
 */
export const AUDITOR_WRITES: ReadonlySet<string> = new Set([
  "POST /api/auth/sign-up",
  "POST /api/auth/sign-in",
  "POST /api/auth/sign-out",
  "POST /api/auth/register",
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/complete",
  "POST /api/auth/invites/accept",
  "PATCH /api/profile",
  "POST /api/profile/password",
  "POST /api/questionnaire",
]);

/** What the product promises an Auditor, whatever the policy says: every read, and no write but AUDITOR_WRITES. */
export const promisedToAuditor = (rule: Pick<AccessRule, "method" | "path">): "through" | 403 =>
  rule.method === "GET" || AUDITOR_WRITES.has(key(rule)) ? "through" : 403;

/** The status a principal is promised on a route: by the access policy, and for an Auditor by the product's rule. */
export const promised = (rule: AccessRule, audience: Audience): "through" | 401 | 403 => {
  if (audience === "Auditor") return promisedToAuditor(rule);
  return rule.allow.includes(audience) ? "through" : audience === "anonymous" ? 401 : 403;
};

/** The reads an Auditor's account has in the log (AuditorReadRecorded on its own stream, as its action). */
export async function recordedReads(app: TestApp, auditorId: string) {
  const events = await app.system.store.readStream(auditorStreamId(auditorId));
  return events.flatMap((event) => (event.type === "AuditorReadRecorded" && event.metadata.actor === auditorId ? [event.data] : []));
}

/**
 * Calls every route of the policy as every principal and answers what is wrong: a route without a
 * sample, a status the policy does not promise, an allowed read that is not a 2xx, and any
 * answer (of any status) that carries a value of a lead the principal may not see; and a principal
 * that no answer showed one of its own leads (a matrix must not pass on refusals alone).
 */
export async function runRoleMatrix({ app, principals, leads, samples, policy = ACCESS_POLICY }: MatrixOptions): Promise<Finding[]> {
  const findings: Finding[] = [];
  /** The planted leads each principal's successful answers showed: it must see its own. */
  const shown = new Map(principals.map((who) => [who, new Set<string>()]));
  for (const rule of policy) {
    const route = key(rule);
    const sample = samples[route];
    if (!sample) {
      findings.push({ route, principal: "-", problem: "no sample: add one to the role matrix's samples" });
      continue;
    }
    for (const who of principals) {
      const call = sample.call(who);
      const { status, text } = await send(app, rule, call, who);
      const wanted = promised(rule, who.audience);
      const note = (problem: string) => findings.push({ route, principal: who.name, problem: `${problem} (${rule.method} ${call.path})` });
      if (wanted === "through") {
        if (status === 401 || status === 403 || status >= 500)
          note(`answered ${status}, the policy lets it through: ${text.slice(0, 200)}`);
        else if ((call.want ?? sample.want ?? (rule.method === "GET" ? "2xx" : "through")) === "2xx" && (status < 200 || status > 299))
          note(`an allowed read answered ${status}: ${text.slice(0, 200)}`);
        else if (status >= 200 && status < 300) for (const lead of leads) if (text.includes(lead.id)) shown.get(who)!.add(lead.id);
      } else if (status !== wanted) {
        note(`answered ${status}, the policy promises ${wanted}`);
      }
      const leaked = leaksIn(text, forbiddenFor(who, leads));
      if (leaked.length > 0) note(`answer ${status} carries another lead's ${leaked.join(", ")}`);
    }
  }
  for (const [who, ids] of shown)
    for (const id of who.sees)
      if (!ids.has(id)) findings.push({ route: "-", principal: who.name, problem: `no answer showed its own lead ${id}` });
  return findings;
}

/** Every policy line's key, for a test that the samples name no route the policy lacks. */
export const policyKeys = (policy: readonly AccessRule[] = ACCESS_POLICY) => new Set(policy.map(key));

/** Follows the live stream as a principal, collecting every notice's text until stop() is called. */
export async function followStream(app: TestApp, who: Principal) {
  const headers = await headersOf(app, who);
  const controller = new AbortController();
  const res = await fetch(`${app.url}/api/events/stream`, { headers, signal: controller.signal });
  const notices: string[] = [];
  let buffered = "";
  const decoder = new TextDecoder();
  const reading = (async () => {
    const reader = res.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf("\n\n")) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.includes("event: advanced")) notices.push(block.slice(block.indexOf("data: ") + 6));
      }
    }
  })();
  return {
    status: res.status,
    notices,
    async stop() {
      controller.abort();
      await reading;
    },
  };
}

/** A lead's personal values that are unique to it, so a scan cannot mistake another lead's for them. */
export function uniqueLeadValues(label: string) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `${label} Quillfeather ${tag}`,
    business: `${label} Studio ${tag}`,
    email: `${label.toLowerCase()}.${tag}@leak-matrix.example`,
  };
}
