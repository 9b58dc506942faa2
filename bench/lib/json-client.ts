import { Agent, request } from "node:http";

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/**
 * A JSON client for the app over node:http with keep-alive and a bearer session. Not fetch:
 * undici's stream machinery costs several times more CPU per request, and a load generator that
 * shares the machine's two cores with the app must stay cheap.
 */
export function jsonClient(baseUrl: string, token: string, maxSockets = 64) {
  // Idle sockets close on this side (4 s) before the server's keep-alive timeout (5 s) could reset one in use.
  const agent = new Agent({ keepAlive: true, maxSockets, timeout: 4_000 });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<JsonAnswer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            try {
              resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return Object.assign(call, { close: () => agent.destroy() });
}
export type JsonClient = ReturnType<typeof jsonClient>;
