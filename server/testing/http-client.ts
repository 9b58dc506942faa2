import type { TestApp } from "./test-app.ts";

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** A session token sent as the crm_session cookie. */
  cookie?: string;
  /** A session token sent as Authorization: Bearer. */
  bearer?: string;
  /** Origin header; the app's own origin by default when a cookie is sent. */
  origin?: string | null;
  /** The client address the rate limiter sees (X-Forwarded-For, trusted from loopback). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read what they assert
  /** The crm_session value set by the answer: a token, "" when cleared, undefined when untouched. */
  sessionCookie: string | undefined;
  setCookie: string[];
}

/** fetch for API tests: JSON in and out, cookies and bearer tokens, no redirects followed. */
export async function call(app: Pick<TestApp, "url">, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie !== undefined) headers.cookie = `crm_session=${options.cookie}`;
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  const origin = options.origin === undefined ? (options.cookie !== undefined ? app.url : undefined) : options.origin;
  if (origin !== undefined && origin !== null) headers.origin = origin;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  const res = await fetch(`${app.url}${path}`, {
    method: options.method ?? "GET",
    headers,
    redirect: "manual",
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie();
  const session = setCookie.find((c) => c.startsWith("crm_session="));
  return {
    status: res.status,
    headers: res.headers,
    body: text && /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text) : text,
    sessionCookie: session === undefined ? undefined : decodeURIComponent(session.slice("crm_session=".length).split(";")[0]!),
    setCookie,
  };
}
