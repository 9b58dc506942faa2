import { appendFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { createConformanceChecker, type ConformanceChecker, type Exchange } from "./api-conformance.ts";

/**
 * Every integration suite runs with this setup: each answer a test receives from our API over fetch is
 * checked against the OpenAPI document (server/testing/api-conformance.ts), and a test whose exchanges
 * break it fails after it ends, naming each violation. The answers reach the test unchanged.
 *
 * With CRM_CONFORMANCE_DIR set (scripts/test.mjs sets it), each worker appends what it checked there, so
 * the run can say how many operations the suites exercised and how many answers were validated.
 */

let checker: ConformanceChecker | undefined;
const pending: Promise<void>[] = [];
/** What the checks found since the last test ended: one record per answer. */
interface Checked {
  operation: string | null;
  status: number;
  violations: string[];
  /** Taken by a test that planted it (takeViolations): reported, but it fails nothing. */
  planted?: boolean;
}
let checked: Checked[] = [];
const out = process.env.CRM_CONFORMANCE_DIR ? path.join(process.env.CRM_CONFORMANCE_DIR, `worker-${process.pid}.ndjson`) : undefined;

/** application/json and the +json types (problem+json); not NDJSON, a stream of many documents. */
const readable = (type: string | null) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type ?? "");

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): { method: string; url: URL; body: string | undefined } {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : input instanceof URL ? input.href : String(input));
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const body = typeof init?.body === "string" && /json/i.test(new Headers(init.headers).get("content-type") ?? "") ? init.body : undefined;
  return { method, url, body };
}

/** The answer's text, read from a copy; undefined when the test aborted the request before the body came (status and type are still checked). */
async function textOf(response: Response): Promise<string | undefined> {
  try {
    return await response.clone().text();
  } catch (error) {
    if ((error as Error).name === "AbortError") return undefined;
    throw error;
  }
}

async function inspect(sent: ReturnType<typeof requestOf>, response: Response) {
  const exchange: Exchange = {
    method: sent.method,
    url: sent.url,
    requestBody: sent.body,
    status: response.status,
    contentType: response.headers.get("content-type"),
    // JSON answers are read from a copy; a stream, a file or an upload's bytes are checked by type only.
    body: sent.method !== "HEAD" && readable(response.headers.get("content-type")) ? await textOf(response) : undefined,
  };
  checker ??= createConformanceChecker();
  const verdict = checker.check(exchange);
  const where = `${exchange.method} ${exchange.url.pathname}${exchange.url.search} → ${exchange.status}`;
  checked.push({ operation: verdict.operation ?? null, status: exchange.status, violations: verdict.violations.map((v) => `${where}: ${v}`) });
}

const ours = (url: URL) => (url.hostname === "127.0.0.1" || url.hostname === "localhost") && url.pathname.toLowerCase().startsWith("/api/");

const originalFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const response = await originalFetch(input, init);
  const sent = requestOf(input, init);
  if (ours(sent.url)) {
    const failed = (error: unknown) => void checked.push({ operation: null, status: response.status, violations: [`${sent.method} ${sent.url.pathname}: could not be checked: ${String(error)}`] });
    pending.push(inspect(sent, response).catch(failed));
  }
  return response;
};

/** The violations found so far, which then no longer fail the test: for a test that plants one on purpose. */
export async function takeViolations(): Promise<string[]> {
  await Promise.all(pending.splice(0));
  const taken = checked.filter((c) => !c.planted && c.violations.length > 0);
  for (const c of taken) c.planted = true;
  return taken.flatMap((c) => c.violations);
}

/** Notes what was checked for the run's summary, and fails the test (or, after afterAll hooks, the file) whose answers broke the document. */
async function failOnViolations() {
  await Promise.all(pending.splice(0));
  const done = checked;
  checked = [];
  if (out && done.length) appendFileSync(out, done.map((c) => JSON.stringify({ ...c, of: checker?.operations })).join("\n") + "\n");
  const found = [...new Set(done.filter((c) => !c.planted).flatMap((c) => c.violations))];
  if (found.length) throw new Error(`The API answered differently from its OpenAPI document:\n- ${found.join("\n- ")}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
