// The one door to the API (docs/architecture.md, "Read-your-writes"): credentials always sent, a non-OK status raises
// "<status>: <text>", reads answer null on 401, and every read after a command carries that
// command's log position so the read API can wait until its read models have caught up.
// The header names of contracts/api/command-result.ts, repeated here because importing that module
// would pull zod into the entry chunk (api-client.unit test checks they agree).
export const MIN_POSITION_HEADER = "X-Min-Position";
export const STALE_HEADER = "X-Stale";

/** A failed call: the message is "<status>: <body or status text>"; `detail` is the problem's human text. */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** The problem's title ("Conflict", "Lead erased", …), when the answer was a problem. */
  readonly title: string | undefined;
  constructor(status: number, text: string, detail: string | undefined, title?: string) {
    super(`${status}: ${text}`);
    this.name = "HttpError";
    this.status = status;
    this.detail = detail;
    this.title = title;
  }
}

let minPosition: string | undefined;

/** The position the next reads wait for (the newest one a command answered), if any. */
export function pendingPosition(): string | undefined {
  return minPosition;
}

/** Forgets the remembered position (sign-out, tests). */
export function resetPosition(): void {
  minPosition = undefined;
}

function rememberPosition(body: unknown) {
  const position = (body as { position?: unknown } | null)?.position;
  // Positions are fixed-width text that sorts as text: keep the newest.
  if (typeof position === "string" && (minPosition === undefined || position > minPosition)) minPosition = position;
}

async function raise(res: Response): Promise<never> {
  const text = await res.text();
  let detail: string | undefined;
  let title: string | undefined;
  try {
    const problem = JSON.parse(text) as { detail?: unknown; title?: unknown; error?: unknown };
    const candidate = problem.detail ?? problem.error ?? problem.title;
    if (typeof candidate === "string") detail = candidate;
    if (typeof problem.title === "string") title = problem.title;
  } catch {
    // not JSON: the text itself is the message
  }
  throw new HttpError(res.status, text || res.statusText, detail ?? (text || undefined), title);
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** A state-changing call. JSON body only when a payload is given; remembers the answer's position. */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: payload === undefined ? {} : { "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) return raise(res);
  const body = await parseBody(res);
  rememberPosition(body);
  return body as T;
}

/** A read: null when signed out (401), otherwise the parsed JSON; waits for the last command's position. */
export async function apiGet<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  const sent = minPosition;
  const res = await fetch(url, {
    credentials: "include",
    headers: sent === undefined ? {} : { [MIN_POSITION_HEADER]: sent },
    signal,
  });
  if (res.status === 401) return null;
  if (!res.ok) return raise(res);
  // Once a read answers fresh, every read model has passed the position: stop sending it.
  if (sent !== undefined && sent === minPosition && res.headers.get(STALE_HEADER) !== "true") minPosition = undefined;
  return (await parseBody(res)) as T;
}

/** The human message of a failure, or the fallback text when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.detail ?? fallback;
  return fallback;
}
