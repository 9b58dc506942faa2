/**
 * One HTTP server for bench/express-prototypes.ts, as its own process: PORT and SERVER from the
 * environment. Each answers POST /api/leads by reading the JSON body and answering 201 with a small
 * JSON object: `node` with node:http alone, `express` with an Express app served as app.listen
 * serves it, `express-made` with the same app served by createHttpServer (server/src/http-server.ts).
 */
import http from "node:http";
import express from "express";
import { createHttpServer } from "@crm/server/http-server";

const answer = (body: { name?: unknown }) => ({ id: "5f0c3c1e-8a59-4c1b-9f53-3a3f3b7e1f11", version: 1, name: body.name });

function nodeServer() {
  return http.createServer((req, res) => {
    if (req.method !== "POST") return void res.writeHead(200, { "content-type": "application/json" }).end("{}"); // the bench's start check
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = JSON.stringify(answer(JSON.parse(Buffer.concat(chunks).toString("utf8")) as { name?: unknown }));
      res.writeHead(201, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) }).end(text);
    });
  });
}

function expressApp() {
  const app = express();
  app.get("/api/health", (_req, res) => void res.json({})); // the bench's start check
  app.use(express.json());
  app.post("/api/leads", (req, res) => void res.status(201).json(answer(req.body as { name?: unknown })));
  return app;
}

const kind = process.env.SERVER;
const server = kind === "node" ? nodeServer() : kind === "express" ? http.createServer(expressApp()) : createHttpServer(expressApp());
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
