// The one door to the API (docs/architecture.md, "Read-your-writes"): credentials always sent, a non-OK status raises
// "<status>: <text>", reads answer null on 401, every answer is parsed with its endpoint's schema
// from contracts/ (a wrong shape raises AnswerShapeError), and every read after a command carries
// that command's log position so the read API can wait until its read models have caught up.
// The header names of contracts/api/command-result.ts, repeated here because importing that module
// would pull zod into the entry chunk (api-client.unit test checks they agree).
export const MIN_POSITION_HEADER = "X-Min-Position";
export const STALE_HEADER = "X-Stale";

/** One bad field of a 400 problem ("subject", "answers.budget", or "body" for the whole input). */
export interface FieldError {
  field: string;
  message: string;
}

/** A failed call: the message is "<status>: <body or status text>"; `detail` is the problem's human text. */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  /** The problem's title ("Conflict", "Lead erased", …), when the answer was a problem. */
  readonly title: string | undefined;
  /** The fields a 400 problem named, empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  constructor(status: number, text: string, detail: string | undefined, title?: string, fieldErrors: readonly FieldError[] = []) {
    super(`${status}: ${text}`);
    this.name = "HttpError";
    this.status = status;
    this.detail = detail;
    this.title = title;
    this.fieldErrors = fieldErrors;
  }
}

/**
 * What an endpoint module hands over to parse its answer: any zod schema (classic or zod/mini) fits.
 * Only the type is imported, so the entry chunk carries no zod of its own.
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** An answer whose shape is not the endpoint's contract: a server and client out of step, said plainly. */
export class AnswerShapeError extends Error {
  constructor(method: string, url: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const first = issues.slice(0, 3).map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`);
    super(`${method} ${url.split("?")[0]} answered an unexpected shape (${first.join("; ")}${issues.length > 3 ? "; …" : ""})`);
    this.name = "AnswerShapeError";
  }
}

function parseAnswer<T>(schema: AnswerSchema<T>, body: unknown, method: string, url: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AnswerShapeError(method, url, parsed.error.issues);
  return parsed.data;
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is FieldError => typeof entry === "object" && entry !== null && typeof entry.field === "string" && typeof entry.message === "string",
  );
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
  let fieldErrors: FieldError[] = [];
  try {
    const problem = JSON.parse(text) as { detail?: unknown; title?: unknown; error?: unknown; errors?: unknown };
    const candidate = problem.detail ?? problem.error ?? problem.title;
    if (typeof candidate === "string") detail = candidate;
    if (typeof problem.title === "string") title = problem.title;
    fieldErrors = fieldErrorsOf(problem.errors);
  } catch {
    // not JSON: the text itself is the message
  }
  throw new HttpError(res.status, text || res.statusText, detail ?? (text || undefined), title, fieldErrors);
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/**
 * A state-changing call. JSON body only when a payload is given; remembers the answer's position;
 * with a schema, the answer is parsed with it.
 */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown, schema?: AnswerSchema<T>): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: payload === undefined ? {} : { "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!res.ok) return raise(res);
  const body = await parseBody(res);
  rememberPosition(body);
  return schema ? parseAnswer(schema, body, method, url) : (body as T);
}

/** Reads started before the app ran (main.tsx, early-reads.ts), by URL: each answers the first apiGet of its URL. */
const earlyReads = new Map<string, Promise<Response>>();

/** Hands over the reads the entry started, for the first apiGet of each URL to take instead of asking again. */
export function adoptEarlyReads(reads: Record<string, Promise<Response>>): void {
  for (const [url, response] of Object.entries(reads)) earlyReads.set(url, response);
}

/** The early read of a URL, once; none when a command's position must be waited for (the early read did not send it). */
function takeEarlyRead(url: string, sent: string | undefined): Promise<Response> | undefined {
  const read = earlyReads.get(url);
  earlyReads.delete(url);
  return sent === undefined ? read : undefined;
}

/** A read: null when signed out (401), otherwise the answer parsed with the endpoint's schema; waits for the last command's position. */
export async function apiGet<T>(url: string, schema: AnswerSchema<T>, signal?: AbortSignal): Promise<T | null> {
  const sent = minPosition;
  const res = await (takeEarlyRead(url, sent) ??
    fetch(url, {
      credentials: "include",
      headers: sent === undefined ? {} : { [MIN_POSITION_HEADER]: sent },
      signal,
    }));
  if (res.status === 401) return null;
  if (!res.ok) return raise(res);
  // Once a read answers fresh, every read model has passed the position: stop sending it.
  if (sent !== undefined && sent === minPosition && res.headers.get(STALE_HEADER) !== "true") minPosition = undefined;
  return parseAnswer(schema, await parseBody(res), "GET", url);
}

/** The human message of a failure, or the fallback text when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.detail ?? fallback;
  return fallback;
}
