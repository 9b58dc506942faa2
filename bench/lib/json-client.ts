import { connect, type Socket } from "node:net";

export interface JsonAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  json: Record<string, unknown>;
}

interface Exchange {
  head: string;
  payload: string;
  resolve(answer: JsonAnswer): void;
  reject(error: Error): void;
}

const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * What one response needs: its status, its headers and its body, framed by Content-Length or
 * chunked. Returns undefined until `data` holds the whole response, and the bytes after it.
 */
function parseResponse(
  data: Buffer,
): { answer: { status: number; headers: Record<string, string>; body: Buffer }; rest: Buffer } | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(statusLine!.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let at = headEnd + HEAD_END.length;
  if (headers["transfer-encoding"]?.includes("chunked")) {
    const chunks: Buffer[] = [];
    for (;;) {
      const sizeEnd = data.indexOf("\r\n", at);
      if (sizeEnd < 0) return undefined;
      const size = parseInt(data.subarray(at, sizeEnd).toString("latin1"), 16);
      if (data.length < sizeEnd + 2 + size + 2) return undefined;
      if (size === 0) return { answer: { status, headers, body: Buffer.concat(chunks) }, rest: data.subarray(sizeEnd + 4) };
      chunks.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size));
      at = sizeEnd + 2 + size + 2;
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (data.length < at + length) return undefined;
  return { answer: { status, headers, body: data.subarray(at, at + length) }, rest: data.subarray(at + length) };
}

/**
 * A JSON client for the app: HTTP/1.1 over keep-alive sockets it frames itself, one request at a
 * time on each, with a bearer session. Not node:http's client (nor fetch): its request and
 * response objects cost several times the CPU per request, and a load generator that shares the
 * machine's two cores with the app it measures must stay cheap.
 */
// eslint-disable-next-line max-lines-per-function -- one closure is the client: its sockets, queue and framing share state, each piece a few lines
export function jsonClient(baseUrl: string, token: string, maxSockets = 64) {
  const url = new URL(baseUrl);
  const port = Number(url.port || 80);
  const fixedHeaders = `Host: ${url.host}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n`;
  const idle: Socket[] = [];
  const waiting: Exchange[] = [];
  const open = new Set<Socket>();
  let closed = false;

  function send(socket: Socket, exchange: Exchange) {
    let data: Buffer = Buffer.alloc(0);
    const fail = (error: Error) => {
      finish();
      socket.destroy();
      exchange.reject(error);
    };
    const onClose = () => fail(new Error("the server closed the connection before answering"));
    const onData = (chunk: Buffer) => {
      data = data.length === 0 ? chunk : Buffer.concat([data, chunk]);
      const parsed = parseResponse(data);
      if (!parsed) return;
      finish();
      const { status, headers, body } = parsed.answer;
      let json: Record<string, unknown>;
      try {
        json = body.length > 0 ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {};
      } catch (error) {
        return fail(error instanceof Error ? error : new Error(String(error)));
      }
      if (headers.connection === "close") socket.destroy();
      else release(socket);
      exchange.resolve({ status, headers, json });
    };
    function finish() {
      socket.removeListener("data", onData);
      socket.removeListener("error", fail);
      socket.removeListener("close", onClose);
    }
    socket.on("data", onData);
    socket.once("error", fail);
    socket.once("close", onClose);
    socket.setTimeout(0);
    socket.write(exchange.head + exchange.payload);
  }

  /** The socket takes the next waiting request, or rests; idle sockets close on this side (4 s) before the server's keep-alive timeout (5 s) could close one in use. */
  function release(socket: Socket) {
    const next = waiting.shift();
    if (next) return send(socket, next);
    idle.push(socket);
    socket.setTimeout(4_000);
  }

  function dial(exchange: Exchange) {
    const socket = connect({ host: url.hostname, port, noDelay: true });
    open.add(socket);
    socket.on("timeout", () => socket.destroy()); // only while idle: send() clears the timer
    socket.once("close", () => {
      open.delete(socket);
      const at = idle.indexOf(socket);
      if (at >= 0) idle.splice(at, 1);
      const next = closed ? undefined : waiting.shift();
      if (next) dial(next); // a request waited for a socket, and this one will not come back
    });
    socket.once("connect", () => send(socket, exchange));
    socket.once("error", (error) => {
      if (socket.connecting) exchange.reject(error);
    });
  }

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<JsonAnswer>((resolve, reject) => {
      if (closed) return reject(new Error("the client is closed"));
      const payload = body === undefined ? "" : JSON.stringify(body);
      let head = `${method} ${path} HTTP/1.1\r\n${fixedHeaders}`;
      if (body !== undefined) head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      const exchange: Exchange = { head: `${head}\r\n`, payload, resolve, reject };
      const socket = idle.pop();
      if (socket) send(socket, exchange);
      else if (open.size < maxSockets) dial(exchange);
      else waiting.push(exchange);
    });
  return Object.assign(call, {
    close: () => {
      closed = true;
      for (const socket of open) socket.destroy();
      for (const exchange of waiting.splice(0)) exchange.reject(new Error("the client is closed"));
    },
  });
}
export type JsonClient = ReturnType<typeof jsonClient>;
