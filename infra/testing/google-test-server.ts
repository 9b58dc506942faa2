import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { GoogleCalendarSettings } from "../src/calendar/google-calendar.ts";

export interface GoogleRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface GoogleTestServer {
  /** Settings that point the adapter at this server. */
  settings: GoogleCalendarSettings;
  requests: GoogleRequest[];
  /** Calendar events by id, as inserted and patched. */
  events: Map<string, Record<string, unknown>>;
  /** Answers the next n calendar calls with this status. */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(body));
  });

/** A loopback stand-in for Google's token endpoint and Calendar API (events insert, get, patch, delete). */
export async function startGoogleTestServer(): Promise<GoogleTestServer> {
  const requests: GoogleRequest[] = [];
  const events = new Map<string, Record<string, unknown>>();
  let failures = { left: 0, status: 500 };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization, body });
    const json = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (url.pathname === "/token") return json(200, { access_token: "test-access-token", expires_in: 3600, token_type: "Bearer" });
    if (req.headers.authorization !== "Bearer test-access-token") return json(401, { error: { message: "Invalid Credentials" } });
    if (failures.left > 0) {
      failures.left--;
      return json(failures.status, { error: { message: `failure ${failures.status}` } });
    }
    const match = /^\/calendar\/v3\/calendars\/[^/]+\/events(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return json(404, { error: { message: "Not Found" } });
    const id = match[1];
    if (req.method === "POST") {
      const event = JSON.parse(body) as Record<string, unknown> & { id: string };
      if (events.has(event.id)) return json(409, { error: { message: "The requested identifier already exists." } });
      const stored = { ...event, hangoutLink: `https://meet.google.com/${event.id.slice(3, 6)}-${event.id.slice(6, 10)}-${event.id.slice(10, 13)}`, status: "confirmed" };
      events.set(event.id, stored);
      return json(200, stored);
    }
    const existing = id ? events.get(id) : undefined;
    if (!existing || existing.status === "cancelled") return json(id && existing ? 410 : 404, { error: { message: "Not Found" } });
    if (req.method === "GET") return json(200, existing);
    if (req.method === "PATCH") {
      events.set(id!, { ...existing, ...(JSON.parse(body) as object) });
      return json(200, events.get(id!));
    }
    if (req.method === "DELETE") {
      events.set(id!, { ...existing, status: "cancelled" });
      return res.writeHead(204).end();
    }
    return json(405, { error: { message: "Method not allowed" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    settings: { clientId: "client", clientSecret: "secret", refreshToken: "refresh", calendarId: "primary", apiUrl: `${base}/calendar/v3`, tokenUrl: `${base}/token` },
    requests,
    events,
    failNext(n, status) {
      failures = { left: n, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
