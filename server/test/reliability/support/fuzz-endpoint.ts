import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { TestApp } from "../../../testing/test-app.ts";

export interface FuzzTarget {
  method: string;
  /** A concrete path for one request (ids real, random or garbage). */
  path: () => string;
  /** A bearer token, or none for the public routes. */
  token?: string;
  runs: number;
  bodies: fc.Arbitrary<unknown>;
}

export interface FuzzReport {
  statuses: Map<number, number>;
  /** Requests that broke a rule: a 5xx, or a refusal that is not problem+json. */
  violations: string[];
  /** Idempotency keys of refused requests: none of them may have appended an event. */
  refusedKeys: string[];
}

const CONCURRENCY = 8;

/** A random loopback-trusted client address, so per-address rate limits do not hide the validation behind 429s. */
const randomIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Sends `runs` generated bodies (seeded: the seed is in every violation) and checks each answer. */
export async function fuzzEndpoint(app: TestApp, target: FuzzTarget, seed: number): Promise<FuzzReport> {
  const bodies = fc.sample(target.bodies, { numRuns: target.runs, seed });
  const report: FuzzReport = { statuses: new Map(), violations: [], refusedKeys: [] };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < bodies.length; i = next++) await sendOne(app, target, bodies[i], report, `seed ${seed} #${i}`);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return report;
}

async function sendOne(app: TestApp, target: FuzzTarget, body: unknown, report: FuzzReport, label: string) {
  const key = randomUUID();
  const path = target.path();
  const headers: Record<string, string> = { "content-type": "application/json", "idempotency-key": key, "x-forwarded-for": randomIp() };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const res = await fetch(`${app.url}${path}`, { method: target.method, headers, body: JSON.stringify(body), redirect: "manual" });
  const text = await res.text();
  report.statuses.set(res.status, (report.statuses.get(res.status) ?? 0) + 1);
  const describe = () => `${label} ${target.method} ${path} ${JSON.stringify(body)?.slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) report.violations.push(describe());
  if (res.status >= 400) {
    report.refusedKeys.push(key);
    if (!/^application\/problem\+json/.test(res.headers.get("content-type") ?? ""))
      report.violations.push(`not problem+json: ${describe()}`);
    else if (/\bat .*\.(ts|js):\d+|\bSELECT\b|\bINSERT INTO\b|syntax error at|violates .* constraint|relation "/.test(text))
      report.violations.push(`leaks internals: ${describe()}`);
  }
}
