import { IncomingMessage, ServerResponse, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "../src/http-server.ts";

describe("the HTTP server of an Express app", () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  async function serve(app: express.Express, expressPrototypes = true) {
    server = createHttpServer(app, { expressPrototypes }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("makes each request and response with the app's own prototypes, so Express has none to change", async () => {
    const app = express();
    app.use(express.json());
    app.post("/echo/:id", (req, res) => res.status(201).json({ id: req.params.id, body: req.body, type: req.get("content-type") }));
    const url = await serve(app);
    const made: { request: boolean; response: boolean; node: boolean }[] = [];
    // Runs before the app's own listener, that is before Express's app.handle sets any prototype.
    server!.prependListener("request", (req, res) =>
      made.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
        node: req instanceof IncomingMessage && res instanceof ServerResponse,
      }),
    );

    const answers = await Promise.all(
      [1, 2].map((n) =>
        fetch(`${url}/echo/${n}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) }).then(
          async (r) => ({
            status: r.status,
            body: await r.json(),
          }),
        ),
      ),
    );

    expect(answers).toEqual([
      { status: 201, body: { id: "1", body: { n: 1 }, type: "application/json" } },
      { status: 201, body: { id: "2", body: { n: 2 }, type: "application/json" } },
    ]);
    expect(made).toEqual([
      { request: true, response: true, node: true },
      { request: true, response: true, node: true },
    ]);
  });

  it("with the fast path off (FAST_EXPRESS_PROTOTYPES=off) is node's plain server, and Express swaps the prototypes", async () => {
    const app = express();
    app.get("/kind", (req, res) => res.json({ request: Object.getPrototypeOf(req) === app.request }));
    const url = await serve(app, false);
    const made: boolean[] = [];
    server!.prependListener("request", (req) => made.push(Object.getPrototypeOf(req) === IncomingMessage.prototype));

    expect(await (await fetch(`${url}/kind`)).json()).toEqual({ request: true });
    expect(made).toEqual([true]);
  });

  it("streams bodies both ways and keeps node's errors for a malformed request", async () => {
    const app = express();
    app.put("/upload", (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        res.setHeader("content-type", "text/plain");
        res.write(`${bytes}`);
        res.end(" bytes");
      });
    });
    const url = await serve(app);

    const answer = await fetch(`${url}/upload`, { method: "PUT", body: new Uint8Array(3 * 1024 * 1024) });
    expect(await answer.text()).toBe(`${3 * 1024 * 1024} bytes`);

    const { port } = server!.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.end("NOT HTTP\r\n\r\n"));
      let text = "";
      socket.on("data", (d: Buffer) => (text += d.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request/);
  });
});
