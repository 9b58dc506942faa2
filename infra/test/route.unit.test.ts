import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "@crm/contracts/api/errors";
import { problemMiddleware } from "../src/http/problem-middleware.ts";
import { routeGroup } from "../src/http/route.ts";

// A route group serves what it declares: its inputs parsed before the handler, its bodies read as
// JSON (or streamed), its declarations free of handlers (docs/decisions/045-routes-declared-once.md).

const calls: string[] = [];
const notes = routeGroup(
  (deps: { prefix: string }) => ({ prefix: deps.prefix, made: calls.push("setup") }),
  (route) => [
    route({
      method: "POST",
      path: "/api/notes/:id",
      allow: ["Partner"],
      tag: "notes",
      summary: "Add a note",
      params: z.object({ id: z.uuid("Note ids are UUIDs") }),
      query: z.object({ pin: z.enum(["yes", "no"]).default("no") }),
      body: z.object({ text: z.string().min(1), tag: z.string().optional() }),
      bodyLimit: "1kb",
      admit: (req) => {
        if ((req.body as { text?: string } | undefined)?.text === "admit-refuses")
          throw new ValidationError([{ field: "text", message: "Refused before the schema" }]);
      },
      responses: { 201: z.object({ id: z.string(), text: z.string(), pin: z.string() }) },
      handle: ({ res, params, query, body }, ctx) =>
        void res.status(201).json({ id: params.id, text: `${ctx.prefix}${body.text}`, pin: query.pin }),
    }),
    route({
      method: "DELETE",
      path: "/api/notes/:id",
      allow: ["Partner"],
      tag: "notes",
      summary: "Remove a note, with an optional reason",
      body: z.object({ reason: z.string().optional() }),
      responses: { 200: z.object({ reason: z.string().nullable() }) },
      handle: ({ res, body }) => void res.json({ reason: body.reason ?? null }),
    }),
  ],
);

const ID = "4b8f1c52-5f8e-4c3f-9a51-0a7d7f3f2a10";
let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(notes({ prefix: "» " }));
  app.use(problemMiddleware({ error: () => undefined }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, body: string, type = "application/json") =>
  fetch(`${url}${path}`, { method: "POST", headers: { "content-type": type }, body });

describe("a route group", () => {
  it("parses params, query and body before the handler, which gets them typed and the setup's context", async () => {
    const res = await post(`/api/notes/${ID}?pin=yes`, JSON.stringify({ text: "hello" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: ID, text: "» hello", pin: "yes" });
    expect(calls).toEqual(["setup"]); // once, when mounted
  });

  it("answers 400 naming each bad field of params, query and body", async () => {
    const res = await post("/api/notes/not-a-uuid?pin=maybe", JSON.stringify({ text: "" }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: "id", message: "Note ids are UUIDs" }]);
    const query = await post(`/api/notes/${ID}?pin=maybe`, JSON.stringify({ text: "x" }));
    expect((await query.json()).errors.map((e: { field: string }) => e.field)).toEqual(["pin"]);
    const body = await post(`/api/notes/${ID}`, JSON.stringify({ text: "", extra: 1 }));
    expect((await body.json()).errors.map((e: { field: string }) => e.field)).toEqual(["text"]);
  });

  it("runs admit after the body is read and before its schema", async () => {
    const res = await post(`/api/notes/${ID}`, JSON.stringify({ text: "admit-refuses", tag: 5 }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: "text", message: "Refused before the schema" }]);
  });

  it("takes JSON only, within the declared limit, with storable text", async () => {
    expect((await post(`/api/notes/${ID}`, "text=hello", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post(`/api/notes/${ID}`, JSON.stringify({ text: "x".repeat(2_000) }))).status).toBe(413);
    expect((await post(`/api/notes/${ID}`, JSON.stringify({ text: "a\u0000b" }))).status).toBe(400);
  });

  it("reads a missing body as {} for a schema that allows it", async () => {
    const res = await fetch(`${url}/api/notes/${ID}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reason: null });
  });

  it("declares its routes without handlers or steps", () => {
    expect(notes.routes.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/notes/:id`, `DELETE /api/notes/:id`]);
    for (const route of notes.routes) {
      expect(route).not.toHaveProperty("handle");
      expect(route).not.toHaveProperty("admit");
    }
  });
});
